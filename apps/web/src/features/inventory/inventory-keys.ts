/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  transfers: (storeCode: string, side: string) => ['inventory', 'transfers', storeCode, side] as const,
  transfer: (storeCode: string) => ['inventory', 'transfer', storeCode] as const,
  stock: (storeCode: string) => ['inventory', 'stock', storeCode] as const,
  stockList: (storeCode: string) => ['inventory', 'stock-list', storeCode] as const,
  pending: (storeCode: string) => ['inventory', 'pending', storeCode] as const,
  mine: (storeCode: string) => ['inventory', 'mine', storeCode] as const,
  requests: (storeCode: string) => ['inventory', 'requests', storeCode] as const,
  request: (storeCode: string) => ['inventory', 'request', storeCode] as const,
  loans: (storeCode: string) => ['inventory', 'loans', storeCode] as const,
  loan: (storeCode: string) => ['inventory', 'loan', storeCode] as const,
};
