/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const teaTreeKeys = {
  all: ['tea-tree'] as const,
  page: (storeCode: string) => ['tea-tree', 'page', storeCode] as const,
  detail: (storeCode: string) => ['tea-tree', 'detail', storeCode] as const,
  current: (storeCode: string) => ['tea-tree', 'current', storeCode] as const,
  price: (storeCode: string) => ['tea-tree', 'price', storeCode] as const,
};

export const TEA_TREE_ADD = ['teaTree:add'] as const;
