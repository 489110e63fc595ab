import { planEndpoints } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { COMMON_LABELS } from '../../components/labels';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';

const L = ORDER_LABELS.rob;

/** The grab and take answer their 409 to the caller: the page shows it and refreshes the lists itself. */
const silent = { flags: { silent: true } } as const;

/**
 * 抢单 (grab) or 接单 (take an untaken order): call, then open the new received order. A refusal (409: taken by
 * another store, expired, cancelled) shows the server's message and the lists refresh. `start` asks first in
 * 抢单's own words; `run` does not (a list's row action with `confirm` has asked).
 */
export function useGrab(storeCode: string, kind: 'grab' | 'take' = 'grab') {
  const queryClient = useQueryClient();
  const links = useOrderLinks();
  const mutation = useMutation({
    mutationFn: (performancePlanOrderNo: string) =>
      call(
        kind === 'grab' ? planEndpoints.grab : planEndpoints.takeUntaken,
        { storeCode, performancePlanOrderNo },
        silent,
      ),
    onSuccess: (result) => {
      notify.success(kind === 'grab' ? L.grabbed : ORDER_LABELS.untaken.taken);
      links.open('receivedOrderDetail', {
        omsOrderNo: result.omsOrderNo,
        performanceOrderNo: result.performanceOrderNo,
      });
    },
    onError: (error) => {
      notify.error(isApiError(error) ? error.message : COMMON_LABELS.loadFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });

  const start = async (planNo: string) => {
    const sure = await notify.confirm({
      title: L.confirmTitle,
      content: L.confirmContent(planNo),
      okText: COMMON_LABELS.ok,
      cancelText: COMMON_LABELS.cancel,
    });
    if (sure) mutation.mutate(planNo);
  };

  return {
    start,
    run: (planNo: string) => mutation.mutateAsync(planNo).catch(() => undefined),
    pendingNo: mutation.isPending ? mutation.variables : null,
    busy: mutation.isPending,
  };
}
