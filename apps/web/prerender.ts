import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { PRERENDERED_ID } from './src/prerender/prerendered';

/** The file the build writes: URL path → the markup to paint before the script runs. */
export const PRERENDERED_FILE = 'prerendered.json';

/** What a prerender module's `render()` answers: a page's HTML and the CSS-in-JS styles it uses. */
export type RenderedPage = { html: string; css: string };

/**
 * The prerendered page as it goes into index.html: a still picture of the page over the app's own root, so that
 * the first paint needs no script. `inert` keeps it from taking focus or clicks (the real form takes over a moment
 * later); test ids are dropped so that tests only ever find the real page.
 */
export function prerenderedMarkup({ html, css }: RenderedPage): string {
  const still = html.replace(/ data-testid="[^"]*"/g, '');
  return (
    `<style>${css}#${PRERENDERED_ID}{position:fixed;inset:0;z-index:1000;overflow:auto}</style>` +
    `<div id="${PRERENDERED_ID}" inert>${still}</div>`
  );
}

/**
 * Renders the pages listed in `pages` (URL path → module exporting `render(): RenderedPage`) once the client
 * build is written, through a server-side build of those modules, and writes `prerendered.json`: the server puts
 * the markup into the index.html it sends to that path (apps/server/src/plugins/web-app.ts).
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
      const markup: Record<string, string> = {};
      const scratch = await mkdtemp(path.join(tmpdir(), 'console-prerender-'));
      try {
        const modules = await buildForNode(root, scratch, Object.values(pages));
        installWindow();
        for (const [route, source] of Object.entries(pages)) {
          const module = (await import(pathToFileURL(modules.get(source) ?? '').href)) as {
            render: () => RenderedPage;
          };
          markup[route] = prerenderedMarkup(module.render());
        }
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      await writeFile(path.join(outDir, PRERENDERED_FILE), JSON.stringify(markup));
    },
  };
}

/** Builds `sources` for Node into `outDir`, everything bundled (antd's ES files do not load in Node as they are). */
async function buildForNode(root: string, outDir: string, sources: string[]): Promise<Map<string, string>> {
  const { build } = await import('vite');
  const names = new Map(sources.map((source, index) => [source, `page-${index}`]));
  await build({
    root,
    configFile: false,
    // Its warnings are the client build's again (annotations in zod and the like), already shown there.
    logLevel: 'error',
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: {
        input: Object.fromEntries([...names].map(([source, name]) => [name, path.resolve(root, source)])),
        output: { entryFileNames: '[name].mjs' },
      },
    },
  });
  return new Map([...names].map(([source, name]) => [source, path.join(outDir, `${name}.mjs`)]));
}

/**
 * What the app's modules read when they load: the window's width (the sidebar store) and an empty storage (the
 * session store). No `document`: antd and its CSS-in-JS then render as on a server, into the style cache that
 * `render()` extracts.
 */
function installWindow(): void {
  const emptyStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  const globals = {
    window: { innerWidth: 1366, innerHeight: 768, location: new URL('http://localhost/login') },
    localStorage: emptyStorage(),
    sessionStorage: emptyStorage(),
  };
  for (const [name, value] of Object.entries(globals))
    Object.defineProperty(globalThis, name, { value, configurable: true });
}
