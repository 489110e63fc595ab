import { describe, expect, it } from 'vitest';
import { loadMoreState } from './load-more-state';

const base = { pagesLoaded: 1, pageSize: 50, total: 120, fetching: false, failed: false };

describe('loadMoreState (spec 4.8)', () => {
  it('is loading while a page is on its way, error after a failure', () => {
    expect(loadMoreState({ ...base, fetching: true })).toBe('loading');
    expect(loadMoreState({ ...base, failed: true })).toBe('error');
  });

  it('is done once pages loaded × page size reaches the total', () => {
    expect(loadMoreState({ ...base, pagesLoaded: 2 })).toBe('more');
    expect(loadMoreState({ ...base, pagesLoaded: 3 })).toBe('done');
    expect(loadMoreState({ ...base, pagesLoaded: 1, total: 50 })).toBe('done');
  });
});
