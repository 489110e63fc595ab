import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { PrerenderedPage } from './src/prerender/prerendered-page';

/** The file the build writes: URL path → its page drawn at build time, per variant of the runtime config. */
export const PRERENDER_FILE = 'prerender.json';

/** The runtime configs a page is drawn for (the server sends the one matching its own `demoMode`). */
export const PRERENDER_VARIANTS = { standard: { demoMode: false }, demo: { demoMode: true } } as const;

export type Prerendered = Record<string, Record<keyof typeof PRERENDER_VARIANTS, PrerenderedPage>>;

const RUNNER = fileURLToPath(new URL('./prerender-runner.mjs', import.meta.url));
const run = promisify(execFile);

/**
 * The copy the server sends is a picture of the page until the client's first render replaces it: `inert` and
 * read-only fields keep a click or a keystroke from landing in it and being lost at that moment.
 */
export function asPicture(html: string): string {
  return `<div inert>${html.replace(/<input(?=[\s/>])/g, '<input readonly')}</div>`;
}

/** CSS-module class names (Vite: `_<local>_<hash>_<n>`) the markup uses that no stylesheet of the build defines. */
export function missingModuleClasses(html: string, css: string): string[] {
  const used = new Set<string>();
  for (const [, names = ''] of html.matchAll(/class="([^"]*)"/g))
    for (const name of names.split(/\s+/)) if (/^_[\w-]+_[a-z0-9]{5}_\d+$/.test(name)) used.add(name);
  return [...used].filter((name) => !css.includes(`.${name}`));
}

/**
 * Draws the listed pages at build time (URL path → a module exporting `render(): PrerenderedPage`, see
 * src/prerender/) and writes `prerender.json`; the server puts the markup into the index.html it sends for that
 * path (apps/server/src/plugins/web-app.ts). Each page is built for Node once, then rendered in a jsdom process
 * per runtime-config variant. The build fails when a page draws a CSS-module class the client build lacks.
 */
export function prerender(pages: Record<string, string>): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'console-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work = await mkdtemp(path.join(os.tmpdir(), 'console-prerender-'));
      try {
        const clientCss = await stylesheetsOf(path.join(outDir, 'assets'));
        const result: Prerendered = {};
        for (const [route, source] of Object.entries(pages)) {
          const bundle = await buildForNode(root, source, path.join(work, route.replace(/\W/g, '_')));
          const variants = {} as Prerendered[string];
          for (const [variant, config] of Object.entries(PRERENDER_VARIANTS)) {
            const { stdout } = await run(
              process.execPath,
              [RUNNER, bundle, `http://localhost${route}`, JSON.stringify(config)],
              { maxBuffer: 64 * 1024 * 1024 },
            );
            const page = JSON.parse(stdout) as PrerenderedPage;
            const missing = missingModuleClasses(page.html, clientCss);
            if (missing.length > 0)
              throw new Error(`prerender ${route}: classes not in the client build: ${missing.join(', ')}`);
            variants[variant as keyof typeof PRERENDER_VARIANTS] = {
              html: asPicture(page.html),
              css: page.css,
            };
          }
          result[route] = variants;
        }
        await writeFile(path.join(outDir, PRERENDER_FILE), JSON.stringify(result));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

async function buildForNode(root: string, source: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    // Everything in one bundle: antd's ES files and the CSS modules are not loadable by Node as they are.
    ssr: { noExternal: true },
    build: {
      ssr: source,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'page.mjs', inlineDynamicImports: true } },
    },
  });
  return path.join(outDir, 'page.mjs');
}

async function stylesheetsOf(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.css'));
  const contents = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return contents.join('\n');
}
