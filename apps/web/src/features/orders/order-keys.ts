/** React Query keys of the order pages; every key carries the store, so a store switch never shows stale rows. */
export const orderKeys = {
  all: ['orders'] as const,
  offers: (storeCode: string) => ['orders', 'offers', storeCode] as const,
  offerDetail: (storeCode: string) => ['orders', 'offer-detail', storeCode] as const,
  untaken: (storeCode: string) => ['orders', 'untaken', storeCode] as const,
  received: (storeCode: string) => ['orders', 'received', storeCode] as const,
  detail: (storeCode: string) => ['orders', 'detail', storeCode] as const,
  log: (storeCode: string, omsOrderNo: string) => ['orders', 'log', storeCode, omsOrderNo] as const,
  couriers: ['orders', 'couriers'] as const,
};
