import { create } from 'zustand';

/** A visited page in the tag bar (spec 3 "Tab views", 4.7). */
export type TagView = {
  /** The route path without query: the tab's identity. */
  path: string;
  /** Path with query and hash: where clicking the tab goes. */
  fullPath: string;
  title: string;
  /** The menu route name; cached pages are kept by it. */
  name?: string;
  affix?: boolean;
  noCache?: boolean;
};

export const TAGS_STORAGE_KEY = 'tagsView';
/** The pinned home tab (spec 2.10): always first, never closable. */
export const HOME_TAG: TagView = {
  path: '/dashboard',
  fullPath: '/dashboard',
  title: '首页',
  name: 'Dashboard',
  affix: true,
  noCache: true,
};

function isTagView(value: unknown): value is TagView {
  if (typeof value !== 'object' || value === null) return false;
  const tag = value as Record<string, unknown>;
  return typeof tag.path === 'string' && typeof tag.fullPath === 'string' && typeof tag.title === 'string';
}

export function readStoredTags(): TagView[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY) ?? '[]');
    const tags = Array.isArray(saved) ? saved.filter(isTagView) : [];
    return withAffix(tags);
  } catch {
    return [HOME_TAG];
  }
}

function withAffix(tags: readonly TagView[]): TagView[] {
  return tags.some((tag) => tag.path === HOME_TAG.path) ? [...tags] : [HOME_TAG, ...tags];
}

/** Names of the pages kept alive: open tabs not marked no-cache (spec 4.7). */
export function cachedNames(tags: readonly TagView[]): string[] {
  const names: string[] = [];
  for (const tag of tags) {
    const name = tag.name ?? tag.path;
    if (!tag.noCache && !names.includes(name)) names.push(name);
  }
  return names;
}

type TagsState = {
  visitedViews: TagView[];
  /** Bumped by 刷新: a page's key, so that it remounts. */
  refreshKeys: Record<string, number>;
  /** Adds a tab unless its path is open; an open tab gets the newer full path and title. */
  addView(view: TagView): void;
  /** Closes one tab (not an affix one) and returns the tabs left. */
  delView(path: string): TagView[];
  /** Keeps `path` and the affix tabs. */
  delOthersViews(path: string): TagView[];
  /** Closes the tabs left (`side` 'left') or right of `path`, affix tabs kept (eladmin's 关闭左侧 / 关闭右侧). */
  delSideViews(path: string, side: 'left' | 'right'): TagView[];
  /** Keeps the affix tabs. */
  delAllViews(): TagView[];
  refreshView(path: string): void;
  /**
   * Record titles by full path (`已接订单详情 P123`): a detail page names its record once it is loaded; the tab
   * and the document title use it instead of the route's title.
   */
  viewTitles: Record<string, string>;
  setViewTitle(fullPath: string, title: string): void;
};

function persist(views: readonly TagView[]): void {
  sessionStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify(views));
}

export const useTagsStore = create<TagsState>()((set, get) => {
  const update = (visitedViews: TagView[]) => {
    persist(visitedViews);
    set({ visitedViews });
    return visitedViews;
  };
  return {
    visitedViews: readStoredTags(),
    refreshKeys: {},
    viewTitles: {},

    setViewTitle(fullPath, title) {
      if (get().viewTitles[fullPath] === title) return;
      set({ viewTitles: { ...get().viewTitles, [fullPath]: title } });
      const views = get().visitedViews;
      if (views.some((tag) => tag.fullPath === fullPath && tag.title !== title)) {
        update(views.map((tag) => (tag.fullPath === fullPath ? { ...tag, title } : tag)));
      }
    },

    addView(added) {
      const title = get().viewTitles[added.fullPath];
      const view = title ? { ...added, title } : added;
      const views = get().visitedViews;
      const index = views.findIndex((tag) => tag.path === view.path);
      if (index === -1) {
        update([...views, view]);
        return;
      }
      const open = views[index];
      if (open && (open.fullPath !== view.fullPath || open.title !== view.title)) {
        update(
          views.map((tag, i) => (i === index ? { ...tag, fullPath: view.fullPath, title: view.title } : tag)),
        );
      }
    },

    delView(path) {
      return update(get().visitedViews.filter((tag) => tag.affix || tag.path !== path));
    },

    delOthersViews(path) {
      return update(get().visitedViews.filter((tag) => tag.affix || tag.path === path));
    },

    delSideViews(path, side) {
      const views = get().visitedViews;
      const at = views.findIndex((tag) => tag.path === path);
      if (at < 0) return views;
      return update(views.filter((tag, index) => tag.affix || (side === 'left' ? index >= at : index <= at)));
    },

    delAllViews() {
      return update(get().visitedViews.filter((tag) => tag.affix));
    },

    refreshView(path) {
      const refreshKeys = get().refreshKeys;
      set({ refreshKeys: { ...refreshKeys, [path]: (refreshKeys[path] ?? 0) + 1 } });
    },
  };
});
