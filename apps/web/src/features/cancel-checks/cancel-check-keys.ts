/** React Query keys; every key carries the store. */
export const cancelCheckKeys = {
  all: ['cancel-checks'] as const,
  auth: (storeCode: string) => ['cancel-checks', 'auth', storeCode] as const,
  page: (storeCode: string) => ['cancel-checks', 'page', storeCode] as const,
  detail: (storeCode: string) => ['cancel-checks', 'detail', storeCode] as const,
};

/** Deciding a check (通过 / 驳回): head office's button permission. */
export const DECIDE_PERMISSION = ['cancelCheck:setState'] as const;
