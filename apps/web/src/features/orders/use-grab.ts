import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { plansApi } from './plans-api';

const L = ORDER_LABELS.rob;

/**
 * 抢单 (grab) or 接单 (take an untaken order): confirm, call, then open the new received order. A refusal (409:
 * taken by another store, expired, cancelled) shows the server's message and the lists refresh.
 */
export function useGrab(storeCode: string, kind: 'grab' | 'take' = 'grab') {
  const queryClient = useQueryClient();
  const links = useOrderLinks();
  const texts =
    kind === 'grab'
      ? { title: L.confirmTitle, content: L.confirmContent, done: L.grabbed }
      : {
          title: ORDER_LABELS.untaken.confirmTitle,
          content: ORDER_LABELS.untaken.confirmContent,
          done: ORDER_LABELS.untaken.taken,
        };
  const mutation = useMutation({
    mutationFn: (planNo: string) =>
      kind === 'grab' ? plansApi.grab(storeCode, planNo) : plansApi.take(storeCode, planNo),
    onSuccess: (result) => {
      notify.success(texts.done);
      links.open('receivedOrderDetail', {
        omsOrderNo: result.omsOrderNo,
        performanceOrderNo: result.performanceOrderNo,
      });
    },
    onError: (error) => {
      notify.error(isApiError(error) ? error.message : ORDER_LABELS.common.loadFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });

  const start = async (planNo: string) => {
    const sure = await notify.confirm({
      title: texts.title,
      content: texts.content(planNo),
      okText: ORDER_LABELS.common.ok,
      cancelText: ORDER_LABELS.common.cancel,
    });
    if (sure) mutation.mutate(planNo);
  };

  return { start, pendingNo: mutation.isPending ? mutation.variables : null, busy: mutation.isPending };
}
