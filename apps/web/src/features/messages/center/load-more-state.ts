export type LoadMoreState = 'loading' | 'more' | 'done' | 'error';

/**
 * The load-more control of spec 4.8: loading while a page is on its way, error after a failed page, done once
 * pages loaded × page size reaches the total, otherwise more to load.
 */
export function loadMoreState(input: {
  pagesLoaded: number;
  pageSize: number;
  total: number;
  fetching: boolean;
  failed: boolean;
}): LoadMoreState {
  if (input.fetching) return 'loading';
  if (input.failed) return 'error';
  return input.pagesLoaded * input.pageSize >= input.total ? 'done' : 'more';
}
