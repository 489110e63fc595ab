import type { DashboardCountKey } from '@console/contract';

/** Who asks: the scoped store and the signed-in user. */
export type DashboardContext = { storeId: number; userId: number; workCode: string };
export type DashboardCounter = (ctx: DashboardContext) => Promise<number>;
export type DashboardSource = { module: string; count: DashboardCounter };

export type DashboardSources = ReturnType<typeof createDashboardSources>;

/**
 * The counters behind the dashboard cards. A business module registers one per key it owns (orders,
 * messages, audits); a key nobody registered answers `null` so the console shows "—" instead of a false 0.
 */
export function createDashboardSources() {
  const sources = new Map<DashboardCountKey, DashboardSource>();
  return {
    register(key: DashboardCountKey, module: string, count: DashboardCounter): void {
      const existing = sources.get(key);
      if (existing) throw new Error(`dashboard key ${key} is already fed by ${existing.module}`);
      sources.set(key, { module, count });
    },
    get(key: DashboardCountKey): DashboardSource | null {
      return sources.get(key) ?? null;
    },
  };
}
