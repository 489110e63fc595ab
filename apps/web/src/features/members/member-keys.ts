/** React Query keys; every key carries the store, so a store switch never shows another store's members. */
export const memberKeys = {
  all: ['members'] as const,
  search: (storeCode: string, keywords: string) => ['members', 'search', storeCode, keywords] as const,
  profile: (storeCode: string) => ['members', 'profile', storeCode] as const,
  tagOptions: (storeCode: string) => ['members', 'tag-options', storeCode] as const,
  guides: (storeCode: string) => ['members', 'guides', storeCode] as const,
  list: (storeCode: string, tab: string) => ['members', 'list', storeCode, tab] as const,
  counts: (storeCode: string) => ['members', 'counts', storeCode] as const,
};
