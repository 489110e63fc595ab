import { DASHBOARD_PATHS, type DashboardRange, type DashboardSummary } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const dashboardKeys = {
  summary: (storeCode: string, days: DashboardRange) => ['dashboard', 'summary', storeCode, days] as const,
};

/** The selected store's counts and chart; the page shows its own error state, so no toast. */
export function useDashboardSummary(storeCode: string | null, days: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.summary(storeCode ?? '', days),
    queryFn: ({ signal }) =>
      http.post<DashboardSummary>(
        DASHBOARD_PATHS.summary,
        { storeCode, days },
        { signal, flags: { silent: true } },
      ),
    enabled: Boolean(storeCode),
    staleTime: 30_000,
    // Keep the chart while switching 7/30 days, but never show one store's figures under another's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (storeCode ?? '') ? previous : undefined,
  });
}
