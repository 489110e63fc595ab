// Shared steps of `npm start` and `npm test`: plain Node, no dependencies, so they run before any install.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

const stampFile = path.join(root, 'node_modules', '.install-stamp');

/** Installs the locked dependencies when node_modules is missing or package-lock.json changed since the last install. */
export function ensureDependencies() {
  const lock = readFileSync(path.join(root, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) return;
  // `npm ci` installs exactly what the lock file lists and never rewrites it, so a fresh clone stays clean.
  console.log('Installing dependencies (npm ci)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, digest);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuild() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contract/src',
  ];
  const stale =
    !existsSync(built) || sources.some((s) => newestMtime(path.join(root, s)) > statSync(built).mtimeMs);
  if (!stale) return;
  console.log('Building the web app…');
  runOrExit('npm', ['run', 'build']);
}
