import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The file the build writes: URL path → the files a page opened there needs beyond the entry. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

/**
 * The chunks of the lazy chunks of `sources` and their static imports that the entry does not already load, as
 * URLs. Vite's own `modulepreload` links cover the entry; a lazy page is only requested once the entry has run and
 * the router has matched it, one round trip later, and each lazy module it opens on the way (the frame's layout,
 * a schema loaded on first use) adds another.
 */
export function preloadsOf(
  bundle: OutputBundle,
  root: string,
  sources: string | readonly string[],
): RoutePreloads[string] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: OutputChunk[]) => {
    const seen = new Set<OutputChunk>();
    const pending = [...start];
    for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) pending.push(imported);
      }
    }
    return seen;
  };
  const pages = [sources].flat().flatMap((source) => chunksHolding(chunks, root, source));
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  const needed = [...closure(pages)].filter((chunk) => !entry.has(chunk));
  return {
    modules: needed.map((chunk) => `/${chunk.fileName}`),
    styles: needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
  };
}

/** The lazy chunk of `source`, or the shared chunk Rollup merged it into (and the facade re-exporting it). */
function chunksHolding(chunks: OutputChunk[], root: string, source: string): OutputChunk[] {
  const target = path.resolve(root, source);
  const holding = chunks.filter(
    (chunk) => chunk.facadeModuleId === target || chunk.moduleIds.includes(target),
  );
  if (holding.length > 0) return holding;
  const near = chunks.filter((chunk) => chunk.name === path.basename(source).replace(/\.[^.]+$/, ''));
  const seen = near.map((chunk) => `${chunk.fileName}: ${chunk.facadeModuleId}`).join(', ');
  throw new Error(`route preloads: no chunk holds ${source} (${target}; same name: ${seen || 'none'})`);
}

/**
 * Writes `route-preloads.json` for the pages listed in `routes` (URL path → the source modules a first visit
 * there loads lazily): the server adds
 * `modulepreload` links for them to the index.html it sends to that path (apps/server/src/plugins/web-app.ts),
 * so the page's chunks download beside the entry instead of after it.
 */
export function routePreloads(routes: Record<string, string | readonly string[]>): Plugin {
  let root = '';
  return {
    name: 'console-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const preloads: RoutePreloads = {};
      for (const [route, sources] of Object.entries(routes))
        preloads[route] = preloadsOf(bundle, root, sources);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
