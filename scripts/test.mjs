// `npm test`: everything — typecheck, lint, unit and API tests (PGlite; PostgreSQL and Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), then browser tests in Debian's Chromium.
import { existsSync } from 'node:fs';
import { ensureDependencies, ensureWebBuild, run, runOrExit } from './lib.mjs';

/** The browser of the specs (e2e/playwright.config.ts says why this build). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Without a CJK font Chinese renders as boxes of other widths, and clicks aimed by layout land elsewhere. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function ensureChromium() {
  const missing = [
    ...(existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
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

const started = Date.now();
ensureDependencies();
ensureChromium();
const steps = [
  ['typecheck', ['npm', ['run', 'typecheck']]],
  ['lint', ['npm', ['run', 'lint']]],
  ['unit and API tests', ['npx', ['vitest', 'run']]],
];
for (const [name, [command, args]] of steps) {
  console.log(`\n▶ ${name}`);
  runOrExit(command, args);
}
console.log('\n▶ web build');
ensureWebBuild({ force: true });
console.log('\n▶ bundle budget');
// Reported, and fails the run at the end, but the browser tests still run: both are worth seeing.
const budgetStatus = run('node', ['scripts/bundle-report.mjs']);
console.log('\n▶ browser tests');
const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
console.log(`\nnpm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
if (budgetStatus !== 0) console.error('✖ bundle budget exceeded (see "bundle budget" above)');
process.exit(status || budgetStatus);
