import { dashboardEndpoints, type DashboardRange } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/http';
import { messageEvents } from '../../lib/events/message-events';

export const dashboardKeys = {
  summary: (storeCode: string, days: DashboardRange) => ['dashboard', 'summary', storeCode, days] as const,
};

/** The selected store's counts and chart; the page shows its own error state, so no toast. */
export function useDashboardSummary(storeCode: string | null, days: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.summary(storeCode ?? '', days),
    // `enabled` keeps the query from running without a store.
    queryFn: ({ signal }) =>
      call(
        dashboardEndpoints.summary,
        { storeCode: storeCode ?? '', days },
        { signal, flags: { silent: true } },
      ),
    enabled: Boolean(storeCode),
    staleTime: 30_000,
    // Keep the chart while switching 7/30 days, but never show one store's figures under another's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === (storeCode ?? '') ? previous : undefined,
  });
}

/** The counts follow the message center: a new, opened or cleared message changes 未读消息 (and later the orders). */
export function useRefreshOnMessages(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    const offs = [
      messageEvents.on('delivered', refresh),
      messageEvents.on('opened', refresh),
      messageEvents.on('cleared', refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [queryClient]);
}
