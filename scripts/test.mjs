// `npm test`: everything — typecheck, lint, unit and API tests (PGlite; PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), then browser tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies, root, run, runOrExit } from './lib.mjs';

const CHROMIUM = '/usr/lib/chromium/chromium';
/** Without a CJK font Chinese renders as boxes of other widths, and clicks aimed by layout land elsewhere. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function ensureChromium() {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(existsSync(CJK_FONT) ? [] : ['fonts-noto-cjk']),
  ];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ Browser tests need ${missing.join(' and ')}: run "sudo apt-get install -y ${missing.join(' ')}".`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} from Debian packages…`);
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Runs `command` with its output kept back; resolves to its exit status and output. */
function runQuietly(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output) }));
  });
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Typecheck, lint and the web build at once, each printed whole when it ends: on CI's two cores they took 156 s
 * together against 202 s one after another (typecheck and lint are one thread each, but slow each other down).
 */
async function checksAndBuild() {
  const checks = [
    ['typecheck', ['npm', ['run', 'typecheck']]],
    ['lint', ['npm', ['run', 'lint']]],
    ['web build', ['npm', ['run', 'build']]],
  ];
  const results = await Promise.all(
    checks.map(async ([name, [command, args]]) => {
      const checkStarted = Date.now();
      const result = await runQuietly(command, args);
      console.log(`\n▶ ${name} (${seconds(checkStarted)})`);
      process.stdout.write(result.output);
      return { name, status: result.status };
    }),
  );
  const failed = results.filter(({ status }) => status !== 0);
  if (failed.length > 0) {
    console.error(`\n✖ ${failed.map(({ name }) => name).join(', ')} failed`);
    process.exit(failed[0].status);
  }
}

/** Prints the step's name, runs it and says how long it took; answers what `work` answers. */
function step(name, work) {
  console.log(`\n▶ ${name}`);
  const stepStarted = Date.now();
  const result = work();
  console.log(`${name} took ${seconds(stepStarted)}`);
  return result;
}

const started = Date.now();
ensureDependencies();
ensureChromium();
await checksAndBuild();
step('unit and API tests', () => runOrExit('npx', ['vitest', 'run']));
// Reported, and fails the run at the end, but the browser tests still run: both are worth seeing.
const budgetStatus = step('bundle budget', () => run('node', ['scripts/bundle-report.mjs']));
const status = step('browser tests', () =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']),
);
console.log(`\nnpm test finished in ${seconds(started)}`);
if (budgetStatus !== 0) console.error('✖ bundle budget exceeded (see "bundle budget" above)');
process.exit(status || budgetStatus);
