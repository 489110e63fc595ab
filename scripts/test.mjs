// `npm test`: everything — typecheck, lint, unit and API tests (PGlite; PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), then browser tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies, root, run, runOrExit } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
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
 * Typecheck, lint and the web build at once: typecheck and lint are one thread each (about 70 s and 90 s here), so
 * on two cores the three take about the time of the longest instead of their sum. Each one's output is printed
 * whole when it ends.
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
  const failed = results.find(({ status }) => status !== 0);
  if (failed) {
    console.error(`\n✖ ${failed.name} failed (exit ${failed.status})`);
    process.exit(failed.status);
  }
}

const started = Date.now();
ensureDependencies();
ensureChromium();
await checksAndBuild();
console.log('\n▶ unit and API tests');
const unitStarted = Date.now();
runOrExit('npx', ['vitest', 'run']);
console.log(`unit and API tests took ${seconds(unitStarted)}`);
console.log('\n▶ bundle budget');
// Reported, and fails the run at the end, but the browser tests still run: both are worth seeing.
const budgetStatus = run('node', ['scripts/bundle-report.mjs']);
console.log('\n▶ browser tests');
const browserStarted = Date.now();
const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
console.log(`browser tests took ${seconds(browserStarted)}`);
console.log(`\nnpm test finished in ${seconds(started)}`);
if (budgetStatus !== 0) console.error('✖ bundle budget exceeded (see "bundle budget" above)');
process.exit(status || budgetStatus);
