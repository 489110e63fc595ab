import { joinPath, type MenuNode } from '@console/contract';
import { isExternal } from '../lib/format/link';

/** One entry of the header search: a visible menu entry (spec 2.7). */
export type SearchEntry = {
  /** Full route path, or the URL of an external link. */
  path: string;
  title: string;
  /** Titles from the top menu down to this entry, for display. */
  trail: string[];
  /** The title in pinyin without tones ("dingdanguanli") and its initials ("ddgl"). */
  pinyin: string;
  initials: string;
};

export type PinyinOf = (title: string) => { full: string; initials: string };

/** Visible menu entries with a title; the pinyin function is passed in because it is loaded lazily. */
export function searchEntries(
  nodes: readonly MenuNode[],
  pinyinOf: PinyinOf,
  parentPath = '/',
  parentTrail: readonly string[] = [],
): SearchEntry[] {
  return nodes
    .filter((node) => !node.hidden)
    .flatMap((node) => {
      const path = isExternal(node.path) ? node.path : joinPath(parentPath, node.path);
      const title = node.meta.title;
      const trail = title ? [...parentTrail, title] : [...parentTrail];
      const below = isExternal(node.path) ? [] : searchEntries(node.children ?? [], pinyinOf, path, trail);
      if (!title) return below;
      const { full, initials } = pinyinOf(title);
      return [{ path, title, trail, pinyin: full, initials }, ...below];
    });
}

/** Spec 2.7 / DESIGN 1: title weighs 0.7, path 0.3, threshold 0.4; pinyin forms count like the title. */
export const SEARCH_KEYS = [
  { name: 'title', weight: 0.7 },
  { name: 'path', weight: 0.3 },
  { name: 'pinyin', weight: 0.7 },
  { name: 'initials', weight: 0.7 },
] as const;
export const SEARCH_THRESHOLD = 0.4;

export type MenuSearch = (query: string) => SearchEntry[];

/** Loads Fuse.js and pinyin-pro (only when the search opens) and indexes the menu. */
export async function loadMenuSearch(menus: readonly MenuNode[]): Promise<MenuSearch> {
  const [{ default: Fuse }, { pinyin }] = await Promise.all([import('fuse.js'), import('pinyin-pro')]);
  const pinyinOf: PinyinOf = (title) => ({
    full: pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
    initials: pinyin(title, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(
      '',
    ),
  });
  const fuse = new Fuse(searchEntries(menus, pinyinOf), {
    keys: SEARCH_KEYS.map((key) => ({ ...key })),
    threshold: SEARCH_THRESHOLD,
    shouldSort: true,
    minMatchCharLength: 1,
  });
  return (query) => {
    const text = query.trim().toLowerCase();
    return text ? fuse.search(text).map((result) => result.item) : [];
  };
}
