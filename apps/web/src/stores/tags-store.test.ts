import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cachedNames,
  HOME_TAG,
  readStoredTags,
  TAGS_STORAGE_KEY,
  useTagsStore,
  type TagView,
} from './tags-store';

function view(path: string, extra: Partial<TagView> = {}): TagView {
  return { path, fullPath: path, title: path.slice(1), name: path.slice(1), ...extra };
}

const paths = () => useTagsStore.getState().visitedViews.map((tag) => tag.path);

beforeEach(() => {
  sessionStorage.clear();
  useTagsStore.setState({ visitedViews: [HOME_TAG], refreshKeys: {} });
});

describe('tags store', () => {
  it('starts with the affix 首页 tab', () => {
    expect(readStoredTags()).toEqual([HOME_TAG]);
    expect(HOME_TAG).toMatchObject({ path: '/dashboard', title: '首页', affix: true });
  });

  it('adds a view once per path and keeps its latest full path and title', () => {
    const { addView } = useTagsStore.getState();
    addView(view('/a'));
    addView(view('/b'));
    addView(view('/a', { fullPath: '/a?page=2', title: '甲' }));
    expect(paths()).toEqual(['/dashboard', '/a', '/b']);
    expect(useTagsStore.getState().visitedViews[1]).toMatchObject({ fullPath: '/a?page=2', title: '甲' });
  });

  it('closes one tab but never an affix one', () => {
    const store = useTagsStore.getState();
    store.addView(view('/a'));
    store.addView(view('/b'));
    expect(store.delView('/a').map((tag) => tag.path)).toEqual(['/dashboard', '/b']);
    store.delView('/dashboard');
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('closes the others, keeping affix tabs', () => {
    const store = useTagsStore.getState();
    for (const path of ['/a', '/b', '/c']) store.addView(view(path));
    store.delOthersViews('/b');
    expect(paths()).toEqual(['/dashboard', '/b']);
  });

  it('closes the tabs left or right of one, keeping affix tabs', () => {
    const store = useTagsStore.getState();
    for (const path of ['/a', '/b', '/c', '/d']) store.addView(view(path));
    expect(store.delSideViews('/c', 'left').map((tag) => tag.path)).toEqual(['/dashboard', '/c', '/d']);
    expect(store.delSideViews('/c', 'right').map((tag) => tag.path)).toEqual(['/dashboard', '/c']);
    expect(store.delSideViews('/gone', 'left').map((tag) => tag.path)).toEqual(['/dashboard', '/c']);
  });

  it('closes all but the affix tabs', () => {
    const store = useTagsStore.getState();
    store.addView(view('/a'));
    store.addView(view('/x', { affix: true }));
    expect(store.delAllViews().map((tag) => tag.path)).toEqual(['/dashboard', '/x']);
  });

  it('keeps no-cache pages out of the cache, by name and once', () => {
    expect(
      cachedNames([HOME_TAG, view('/a'), view('/b', { noCache: true }), view('/c', { name: 'a' })]),
    ).toEqual(['a']);
  });

  it('bumps the refresh key of one page', () => {
    const store = useTagsStore.getState();
    store.refreshView('/a');
    store.refreshView('/a');
    expect(useTagsStore.getState().refreshKeys).toEqual({ '/a': 2 });
  });

  it('persists the tabs in sessionStorage and restores them after a reload', async () => {
    useTagsStore.getState().addView(view('/a', { fullPath: '/a?q=1' }));
    expect(JSON.parse(sessionStorage.getItem(TAGS_STORAGE_KEY) ?? '[]')).toHaveLength(2);
    vi.resetModules();
    const reloaded = await import('./tags-store');
    expect(reloaded.useTagsStore.getState().visitedViews.map((tag) => tag.fullPath)).toEqual([
      '/dashboard',
      '/a?q=1',
    ]);
  });

  it('ignores corrupt stored tabs', () => {
    sessionStorage.setItem(TAGS_STORAGE_KEY, '{not json');
    expect(readStoredTags()).toEqual([HOME_TAG]);
    sessionStorage.setItem(TAGS_STORAGE_KEY, JSON.stringify([{ path: 1 }, view('/a')]));
    expect(readStoredTags().map((tag) => tag.path)).toEqual(['/dashboard', '/a']);
  });
});
