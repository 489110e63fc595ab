// Lighthouse audit of the console (issue 13 point 6). Not a test: `npm run lighthouse`.
//
// Builds the web app if it is missing or stale, starts the real server (as `npm start` does) on a fresh embedded
// database with demo data, and audits the login page signed out and the dashboard signed in, each with
// Lighthouse's mobile and desktop presets, in Debian's Chromium. Prints performance, LCP, TBT and accessibility
// per page and preset, checks them against the goals and writes bench/lighthouse/RESULTS.md.
//
// Options: --port N (default 18491, or E2E_PORT), --runs N (audits per page and preset, median kept; default 1),
// --no-write (print only), --keep-reports DIR (the full HTML reports).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { writeResultsKeepingNotes } from '../support/results-file.mjs';
import { ensureWebBuild } from '../../scripts/lib.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
/** A store clerk of the demo data with one store: the dashboard opens without the store picker. */
const CLERK = { username: 'solo', password: 'Solo@2026!' };
/** The spec's localStorage key of the session token (apps/web/src/stores/session-store.ts). */
const TOKEN_KEY = 'EL-ADMIN-TOEKN';
/**
 * The dashboard holds the message center's long poll open, so the page never reaches network idle: Lighthouse
 * stops waiting after this bound (its default is 45 s) and measures what loaded.
 */
const MAX_WAIT_FOR_LOAD_MS = 30_000;
export const GOALS = {
  mobile: { performance: 90, lcpMs: 2_500, accessibility: 95 },
  desktop: { performance: 98, accessibility: 95 },
};
const PRESETS = { mobile: undefined, desktop: desktopConfig };

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.E2E_PORT ?? '18491' },
    runs: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
    'keep-reports': { type: 'string' },
    /** A server already running with the demo data (while working on the pages): nothing is built or started. */
    server: { type: 'string' },
  },
});
const port = Number(args.port);
const runs = Math.max(1, Number(args.runs));
const origin = args.server ?? `http://127.0.0.1:${port}`;

/** The server of `npm start` on a data directory of its own, with demo data and no demo order traffic. */
async function startServer(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Demo orders and pop-ups arriving during an audit would make runs differ.
      DEMO_TRAFFIC_INTERVAL: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitHealthy(`${origin}/api/health`, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return child;
}

/** Migrating and seeding the embedded database takes a minute or more on a busy two-core machine. */
async function waitHealthy(url, child, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/** Signs the clerk in through the API (the demo server tells the captcha's answer) and answers the token. */
async function signIn() {
  const { uuid } = await json(await fetch(`${origin}/auth/code`), 'captcha');
  const { answer } = await json(await fetch(`${origin}/dev/captcha/${uuid}`), 'captcha answer');
  const result = await json(
    await fetch(`${origin}/auth/ljyPwdLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...CLERK, uuid, code: answer }),
    }),
    'sign-in',
  );
  return result.token;
}

/**
 * Prepares the browser for one audit: the session token in localStorage as the app keeps it (or none), then the
 * HTTP cache emptied, so that every audit is a first visit. Lighthouse's own storage reset is off (it would
 * clear the token too).
 */
async function prepare(browser, token) {
  const page = await browser.newPage();
  await page.goto(`${origin}/404`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (key, value) => {
      localStorage.clear();
      if (value) localStorage.setItem(key, value);
    },
    TOKEN_KEY,
    token,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

async function audit(browser, { url, token }, preset) {
  const page = await prepare(browser, token);
  try {
    const result = await lighthouse(
      url,
      {
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
      },
      PRESETS[preset],
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings,
      failedA11y: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => a.id),
      report: result.report,
    };
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The run whose performance score is the median of `results`. */
function medianRun(results) {
  const score = median(results.map((r) => r.performance));
  return results.find((r) => r.performance === score);
}

export function failures(page, preset, r) {
  const goal = GOALS[preset];
  const out = [];
  if (r.performance < goal.performance) out.push(`performance ${r.performance} < ${goal.performance}`);
  if (goal.lcpMs && r.lcpMs > goal.lcpMs) out.push(`LCP ${fmtS(r.lcpMs)} > ${fmtS(goal.lcpMs)}`);
  if (r.accessibility < goal.accessibility)
    out.push(`accessibility ${r.accessibility} < ${goal.accessibility}`);
  return out.map((text) => `${page} ${preset}: ${text}`);
}

const fmtS = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtMs = (ms) => `${Math.round(ms)} ms`;

function table(rows) {
  const header = ['page', 'preset', 'performance', 'LCP', 'FCP', 'TBT', 'CLS', 'accessibility'];
  const lines = rows.map(({ page, preset, r }) => [
    page,
    preset,
    String(r.performance),
    fmtS(r.lcpMs),
    fmtS(r.fcpMs),
    fmtMs(r.tbtMs),
    r.cls.toFixed(3),
    String(r.accessibility),
  ]);
  return [header, ['---', '---', '---:', '---:', '---:', '---:', '---:', '---:'], ...lines]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}

async function main() {
  const loadStart = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-lighthouse-'));
  if (!args.server) ensureWebBuild();
  const server = args.server ? null : await startServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const token = await signIn();
    const pages = [
      { name: 'login', url: `${origin}/login`, token: null },
      { name: 'dashboard', url: `${origin}/dashboard`, token },
    ];
    for (const target of pages) {
      for (const preset of Object.keys(PRESETS)) {
        const results = [];
        for (let i = 0; i < runs; i += 1) results.push(await audit(browser, target, preset));
        const r = medianRun(results);
        if (!new URL(r.finalUrl).pathname.startsWith(new URL(target.url).pathname)) {
          throw new Error(`${target.name}: the audit ended on ${r.finalUrl}, not ${target.url}`);
        }
        rows.push({ page: target.name, preset, r, all: results.map((x) => x.performance) });
        console.log(
          `${target.name.padEnd(9)} ${preset.padEnd(7)} performance ${r.performance}  LCP ${fmtS(r.lcpMs)}  ` +
            `TBT ${fmtMs(r.tbtMs)}  accessibility ${r.accessibility}` +
            (runs > 1 ? `  (runs: ${results.map((x) => x.performance).join(', ')})` : ''),
        );
        if (r.failedA11y.length)
          console.log(`          accessibility audits failed: ${r.failedA11y.join(', ')}`);
        for (const warning of r.warnings) console.log(`          warning: ${warning}`);
        if (args['keep-reports']) {
          mkdirSync(args['keep-reports'], { recursive: true });
          writeFileSync(path.join(args['keep-reports'], `${target.name}-${preset}.html`), r.report);
        }
      }
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  const loadEnd = os.loadavg();
  const missed = rows.flatMap(({ page, preset, r }) => failures(page, preset, r));
  const load = (l) => l.map((x) => x.toFixed(2)).join(', ');
  console.log(`load average: start ${load(loadStart)}, end ${load(loadEnd)}`);
  console.log(missed.length ? `✖ goals missed:\n  ${missed.join('\n  ')}` : '✓ every goal met');
  if (!args['no-write']) writeResults(rows, { loadStart, loadEnd, missed });
  process.exitCode = missed.length ? 1 : 0;
}

function writeResults(rows, { loadStart, loadEnd, missed }) {
  const load = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  const text = `# Lighthouse: login page and dashboard

Written by \`npm run lighthouse\` (bench/lighthouse/run.mjs) on ${new Date().toISOString()}; Lighthouse ${LIGHTHOUSE_VERSION}, ${CHROMIUM}, Node ${process.version}, ${runs} run(s) per page and preset (median by performance).

Goals (issue 13 point 6): mobile performance ≥ ${GOALS.mobile.performance} with LCP ≤ ${fmtS(GOALS.mobile.lcpMs)},
desktop performance ≥ ${GOALS.desktop.performance}, accessibility ≥ ${GOALS.mobile.accessibility} on both pages.

${table(rows)}

${missed.length ? `Goals missed:\n\n${missed.map((m) => `- ${m}`).join('\n')}` : 'Every goal met.'}

Load average (1 / 5 / 15 min): ${load(loadStart)} at the start, ${load(loadEnd)} at the end. Lighthouse's
presets use simulated throttling (Lantern): it loads the page unthrottled and computes the metrics for a slow
phone on a slow 4G network (mobile) or a desktop on cable (desktop) from the trace and the network graph, so the
scores depend little on the machine's load — but the CPU time it measures does feed the simulation, so a busy
machine still shows somewhat higher TBT.
`;
  // The hand-written part below the marker (what was changed, how to read the figures) is kept.
  writeResultsKeepingNotes(RESULTS_FILE, text);
  console.log(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
}

const LIGHTHOUSE_VERSION = (
  await import('lighthouse/package.json', { with: { type: 'json' } }).catch(() => ({ default: {} }))
).default.version;

await main();
