import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { preloadsOf } from './route-preloads';

type Fields = {
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  facade?: string;
  css?: string[];
};

function chunk(fileName: string, fields: Fields): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports: fields.imports ?? [],
    isEntry: fields.isEntry ?? false,
    isDynamicEntry: fields.isDynamicEntry ?? false,
    facadeModuleId: fields.facade ?? null,
    moduleIds: fields.modules ?? (fields.facade ? [fields.facade] : []),
    viteMetadata: { importedCss: new Set(fields.css ?? []), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

describe('preloadsOf', () => {
  const bundle = bundleOf(
    chunk('assets/index-AAAAAAAA.js', { isEntry: true, imports: ['assets/react-BBBBBBBB.js'] }),
    chunk('assets/react-BBBBBBBB.js', {}),
    chunk('assets/login-page-CCCCCCCC.js', {
      isDynamicEntry: true,
      facade: '/web/src/login-page.tsx',
      imports: ['assets/react-BBBBBBBB.js', 'assets/icons-DDDDDDDD.js'],
      css: ['assets/login-page-EEEEEEEE.css'],
    }),
    chunk('assets/icons-DDDDDDDD.js', { imports: ['assets/svg-FFFFFFFF.js'] }),
    chunk('assets/svg-FFFFFFFF.js', {}),
    chunk('assets/other-page-GGGGGGGG.js', { isDynamicEntry: true, facade: '/web/src/other.tsx' }),
  );

  it("lists the page's chunk and its static imports that the entry does not already load", () => {
    const preloads = preloadsOf(bundle, '/web', 'src/login-page.tsx');
    expect(preloads.modules.sort()).toEqual([
      '/assets/icons-DDDDDDDD.js',
      '/assets/login-page-CCCCCCCC.js',
      '/assets/svg-FFFFFFFF.js',
    ]);
    expect(preloads.styles).toEqual(['/assets/login-page-EEEEEEEE.css']);
  });

  it('joins what several lazy modules of one first visit need, each chunk once', () => {
    const preloads = preloadsOf(bundle, '/web', ['src/login-page.tsx', 'src/other.tsx']);
    expect(preloads.modules.sort()).toEqual([
      '/assets/icons-DDDDDDDD.js',
      '/assets/login-page-CCCCCCCC.js',
      '/assets/other-page-GGGGGGGG.js',
      '/assets/svg-FFFFFFFF.js',
    ]);
  });

  it('finds a page that Rollup merged into a shared chunk', () => {
    const merged = bundleOf(
      chunk('assets/index-AAAAAAAA.js', { isEntry: true }),
      chunk('assets/shared-HHHHHHHH.js', { modules: ['/web/src/a.tsx', '/web/src/login-page.tsx'] }),
    );
    expect(preloadsOf(merged, '/web', 'src/login-page.tsx').modules).toEqual(['/assets/shared-HHHHHHHH.js']);
  });

  it('fails the build when no chunk holds the page', () => {
    expect(() => preloadsOf(bundle, '/web', 'src/missing.tsx')).toThrow(/no chunk holds src\/missing.tsx/);
  });
});
