/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const intentionKeys = {
  all: ['intentions'] as const,
  list: (storeCode: string) => ['intentions', 'list', storeCode] as const,
  detail: (storeCode: string) => ['intentions', 'detail', storeCode] as const,
};
