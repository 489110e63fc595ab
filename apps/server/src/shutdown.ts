import type { AppInstance } from './app-types.js';

/**
 * The order of a graceful stop (SIGTERM), so that losing this instance is invisible to the consoles:
 * 1. readiness answers 503 (`/api/health/ready`), and for `drainMs` the instance still serves while an
 *    orchestrator's probe notices;
 * 2. the listener closes: new connections are refused, which nginx retries on another instance whatever the
 *    method (nothing was sent);
 * 3. held long polls are answered empty with `Connection: close`, so the console's next poll opens a new
 *    connection and lands elsewhere instead of on this closing instance;
 * 4. `app.close()`: running requests finish (the server's close waits for their connections), then the
 *    onClose hooks stop the job runner (awaiting running jobs) and the wake bus.
 */
export async function closeGracefully(app: AppInstance, drainMs: number): Promise<void> {
  app.lifecycle.beginShutdown();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  if (app.server.listening) app.server.close();
  app.messageCenter.hub.releaseAll();
  await app.close();
}
