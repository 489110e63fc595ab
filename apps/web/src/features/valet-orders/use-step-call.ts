import { useState } from 'react';
import { isApiError } from '../../lib/http';
import { VALET_LABELS } from './labels';

/**
 * A server call of a 代客下单 step (试算, 提交订单, 确认订单): busy while it runs, the server's Chinese refusal
 * kept for the step to show (the calls are silent).
 */
export function useStepCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : VALET_LABELS.common.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
