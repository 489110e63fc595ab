import type { ValetKind } from '@console/contract';
import { isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { VALET_LABELS } from './labels';
import { valetApi } from './valet-api';

const A = VALET_LABELS.actions;

/** 确认订单 after a confirmation; the server's refusal (e.g. 会员积分不足) is shown as an error toast. */
export async function confirmValetOrder(
  kind: ValetKind,
  storeCode: string,
  valetOrderNo: string,
): Promise<boolean> {
  const ok = await notify.confirm({
    title: A.confirmTitle,
    content: A.confirmContent(valetOrderNo),
    okText: A.confirm,
    cancelText: VALET_LABELS.common.cancel,
  });
  if (!ok) return false;
  try {
    await valetApi.confirm(kind, storeCode, valetOrderNo);
    notify.success(A.confirmed);
    return true;
  } catch (failure) {
    notify.error(isApiError(failure) ? failure.message : VALET_LABELS.common.loadFailed);
    return false;
  }
}
