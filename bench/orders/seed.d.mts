import type pg from 'pg';

export const BENCH_STORE_COUNT: number;
export const BENCH_STORE_CODE: string;
export function seedOrders(
  client: pg.Client,
  sizes: { orders: number; members: number },
): Promise<{ token: string; userId: number; storeId: number }>;
