import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

function startServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('server start-up', () => {
  it('refuses to start in production without a service token, with a clear message', () => {
    const result = startServer({ NODE_ENV: 'production' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('SERVICE_TOKEN: required in production');
  });

  it('refuses a weak service token in production', () => {
    const result = startServer({ NODE_ENV: 'production', SERVICE_TOKEN: 'secret' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('SERVICE_TOKEN: too weak for production');
  });

  it('names an invalid variable before touching any database', () => {
    const result = startServer({ PORT: 'http', DATABASE_URL: 'mysql://nope' });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});
