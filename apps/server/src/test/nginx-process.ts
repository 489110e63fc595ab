import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nginxArgs, writeNginxConfig } from '../../../../deploy/render-nginx.mjs';
import { delay, findFreePort } from './server-process.js';

/** Debian's nginx package; the deployment's configuration is written for it (deploy/nginx/). */
export const NGINX_BINARY = '/usr/sbin/nginx';

export const nginxInstalled = () => existsSync(NGINX_BINARY);

export type NginxProcess = {
  baseUrl: string;
  /** The access log so far (format `console` of the template: upstream addresses and statuses per request). */
  accessLog: () => string;
  errorLog: () => string;
  /**
   * Rewrites the configuration with `drained` instances marked down and reloads it (SIGHUP): new requests go
   * to the others at once; requests already passed on finish in the old worker.
   */
  reconfigure: (drained: string[]) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * nginx in the foreground with the deployment's configuration (deploy/render-nginx.mjs) in front of
 * `upstreams`, on a free port; its configuration, logs and temporary files live in a directory of its own.
 */
export async function startNginx(options: {
  upstreams: string[];
  holdMs: number;
  failTimeout?: string;
}): Promise<NginxProcess> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'console-nginx-'));
  const port = await findFreePort();
  const configure = (drained: string[]) =>
    writeNginxConfig({
      listen: `127.0.0.1:${port}`,
      upstreams: options.upstreams,
      prefix,
      holdMs: options.holdMs,
      drained,
      ...(options.failTimeout ? { failTimeout: options.failTimeout } : {}),
    });
  configure([]);
  const child = spawn(NGINX_BINARY, nginxArgs(prefix), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const baseUrl = `http://127.0.0.1:${port}`;
  const readLog = (name: string) => {
    const file = path.join(prefix, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited at start:\n${stderr}\n${readLog('error.log')}`);
    try {
      // Any answer proves nginx listens (the health call itself goes through to an instance).
      await fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not listen in time:\n${stderr}`);
      }
      await delay(50);
    }
  }
  const reconfigure = async (drained: string[]) => {
    configure(drained);
    child.kill('SIGHUP');
    // The master starts workers on the new configuration within a few ms; there is no signal back.
    await delay(300);
  };
  return {
    baseUrl,
    accessLog: () => readLog('access.log'),
    errorLog: () => readLog('error.log'),
    reconfigure,
    stop,
  };
}
