import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { findFreePort } from './server-process.js';

export type PrivatePostgres = { url: string; stop(): Promise<void> };

/** Debian keeps the server binaries off PATH; `pg_config` names their folder. */
const binary = (name: string) =>
  path.join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), name);

/**
 * A throw-away PostgreSQL server of this machine's version, for the one test that needs a server setting the
 * shared one lacks (`shared_preload_libraries` is fixed when a server starts). PostgreSQL refuses to run as
 * root, so under root the cluster belongs to the `postgres` user. Answers a superuser URL of its `postgres`
 * database; `stop()` kills the server and removes its directory.
 */
export async function startPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-pg-'));
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  const owner = process.getuid?.() === 0 ? { uid: id('-u'), gid: id('-g') } : {};
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const init = ['-D', data, '-A', 'trust', '-U', 'root', '--no-sync', '-E', 'UTF8'];
  execFileSync(binary('initdb'), init, { stdio: 'ignore', cwd: dir, ...owner });
  const port = await findFreePort();
  const options = Object.entries({ fsync: 'off', ...settings }).flatMap(([key, value]) => [
    '-c',
    `${key}=${value}`,
  ]);
  const serve = ['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', ...options];
  const child = spawn(binary('postgres'), serve, { stdio: 'ignore', cwd: dir, ...owner });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', () => undefined);
  const url = `postgres://root@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.end();
      return { url, stop };
    } catch {
      await probe.end().catch(() => undefined);
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error('the private PostgreSQL server did not start');
      }
      await delay(100);
    }
  }
}
