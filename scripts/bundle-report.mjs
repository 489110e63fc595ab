// `npm run bundle:check`: the bundle budget of the web app, measured on apps/web/dist (run the build first).
// Plain Node, no dependencies. The login route is what a signed-out visitor downloads before the login page can
// render: the entry chunk, the login page's lazy chunk, and everything they import statically. The shell is what
// signing in adds on top: the frame's lazy chunk and its static imports not already in the entry.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_PAGE_SRC = 'src/features/auth/login-page.tsx';
export const SHELL_SRC = 'src/shell/layout.tsx';
/** Issue 3's budgets in kB (1000 bytes, as Vite prints them) of gzipped JavaScript; printed beside the figures. */
export const TARGET_KB = { login: 215, shell: 160 };
/**
 * What `npm test` enforces: the login route below its target since the page registry left the entry (207.3 kB),
 * so that growth shows before it reaches the target.
 */
export const BUDGETS_KB = { login: 210, shell: TARGET_KB.shell };

/** The manifest key of index.html's entry chunk. */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].src === 'index.html');
  if (!key) throw new Error('bundle report: index.html entry chunk not found in the Vite manifest');
  return key;
}

function requireChunk(manifest, key) {
  if (!manifest[key]) throw new Error(`bundle report: chunk of ${key} not found in the Vite manifest`);
  return key;
}

/**
 * The manifest key of the lazy chunk of a source module. Vite keys it by the source path, except when Rollup
 * merged the module into a chunk that other lazy chunks share: then the key is `_<name>-<hash>.js` without `src`,
 * so the dynamic-entry chunk named after the file is taken (it must be the only one).
 */
export function lazyChunkOf(manifest, src) {
  if (manifest[src]) return src;
  const name = path.basename(src).replace(/\.[^.]+$/, '');
  const candidates = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === name,
  );
  if (candidates.length !== 1) {
    throw new Error(
      `bundle report: chunk of ${src} not found in the Vite manifest (${candidates.length} candidates)`,
    );
  }
  return candidates[0];
}

/** The given chunks and every chunk they import statically (dynamic imports are not followed). */
export function staticClosure(manifest, startKeys) {
  const seen = new Set();
  const pending = [...startKeys];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) continue;
    seen.add(requireChunk(manifest, key));
    pending.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** Manifest keys of the login route: entry + login page chunk + their static imports. */
export function loginRouteChunks(manifest) {
  return staticClosure(manifest, [entryKey(manifest), lazyChunkOf(manifest, LOGIN_PAGE_SRC)]);
}

/** Manifest keys of the shell: the frame chunk + its static imports, minus what the entry already loads. */
export function shellChunks(manifest) {
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  const shell = staticClosure(manifest, [lazyChunkOf(manifest, SHELL_SRC)]);
  return new Set([...shell].filter((key) => !entry.has(key)));
}

/** Output files of a set of chunks: their JS files and (for information) their CSS files. */
export function filesOf(manifest, keys) {
  const js = [...keys].map((key) => manifest[key].file);
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  return { js, css };
}

function measure(dist, files) {
  let raw = 0;
  let gzip = 0;
  const perFile = [];
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    const size = { file, raw: content.length, gzip: gzipSync(content).length };
    raw += size.raw;
    gzip += size.gzip;
    perFile.push(size);
  }
  return { raw, gzip, perFile };
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Measures both routes; `over` lists the names of the budgets exceeded. */
export function bundleReport(dist) {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`bundle report: ${manifestFile} is missing — build the web app first (build.manifest)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const routes = [
    { name: 'login', label: 'login route', keys: loginRouteChunks(manifest) },
    { name: 'shell', label: 'shell (after sign-in)', keys: shellChunks(manifest) },
  ];
  const rows = routes.map(({ name, label, keys }) => {
    const { js, css } = filesOf(manifest, keys);
    return {
      name,
      label,
      chunks: js.length,
      js: measure(dist, js),
      css: measure(dist, css),
      budget: BUDGETS_KB[name],
    };
  });
  return { rows, over: rows.filter((row) => row.js.gzip > row.budget * 1000).map((row) => row.name) };
}

export function formatReport({ rows }) {
  const header = [
    '',
    'chunks',
    'JS raw kB',
    'JS gzip kB',
    'enforced kB',
    'headroom',
    'target kB',
    'CSS gzip kB',
  ];
  const lines = rows.map((row) => {
    const headroom = ((row.budget * 1000 - row.js.gzip) / (row.budget * 1000)) * 100;
    return [
      row.label,
      String(row.chunks),
      kb(row.js.raw),
      kb(row.js.gzip),
      String(row.budget),
      `${headroom.toFixed(1)} %`,
      String(TARGET_KB[row.name]),
      kb(row.css.gzip),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
  return [header, ...lines].map((cells) => format(cells).join('  ')).join('\n');
}

/** `--chunks`: every file of each route, largest first, to see where the bytes are. */
export function formatChunks({ rows }) {
  return rows
    .map((row) => {
      const files = [...row.js.perFile, ...row.css.perFile].sort((a, b) => b.gzip - a.gzip);
      return [`${row.label}:`, ...files.map((f) => `  ${kb(f.gzip).padStart(7)} kB gzip  ${f.file}`)].join(
        '\n',
      );
    })
    .join('\n');
}

function main() {
  const distArg = process.argv.indexOf('--dist');
  const dist =
    distArg > 0
      ? path.resolve(process.argv[distArg + 1] ?? '')
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  let report;
  try {
    report = bundleReport(dist);
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  console.log('Bundle budget (JavaScript, gzip; CSS for information)');
  console.log(formatReport(report));
  if (process.argv.includes('--chunks')) console.log(formatChunks(report));
  if (report.over.length > 0) {
    console.error(`✖ over budget: ${report.over.join(', ')} (per file: npm run bundle:check -- --chunks)`);
    process.exit(1);
  }
  const short = report.rows.filter((row) => row.js.gzip > TARGET_KB[row.name] * 1000).map((row) => row.name);
  console.log(
    short.length
      ? `✓ within the enforced budget; still above target: ${short.join(', ')}`
      : '✓ within budget',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
