import { IM_LIMITS, imEndpoints, type Message } from '@console/contract';
import { call } from '../../../lib/http';

export type BroadcastScope = { userId: number; workCode: string; storeCode: string };

/** Spec 7.4 supplement history; a newer call cancels one still in flight (spec 7.1). */
export async function supplementHistory(scope: BroadcastScope, signal: AbortSignal): Promise<void> {
  await call(
    imEndpoints.supplement,
    { receiver: scope.workCode, storeCode: scope.storeCode },
    { signal, flags: { silent: true, dedupe: true } },
  );
}

/** One long poll (spec 7.4): answers waiting messages, or holds below the 80 s timeout. */
export async function listen(
  scope: BroadcastScope,
  ackIds: number[],
  signal: AbortSignal,
): Promise<Message[]> {
  const answer = await call(
    imEndpoints.listener,
    { receiver: scope.workCode, storeCode: scope.storeCode, size: IM_LIMITS.broadcastSize, ackIds },
    { signal, timeout: IM_LIMITS.listenerTimeoutMs, flags: { silent: true } },
  );
  return answer.messageList;
}
