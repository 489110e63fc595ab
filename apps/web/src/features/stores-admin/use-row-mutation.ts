import { useMutation } from '@tanstack/react-query';
import { notify } from '../../lib/notify';

/** A row action's call, then its toast and the list's refresh. */
export function useRowMutation<Row>(run: (row: Row) => Promise<unknown>, done: string, refresh: () => void) {
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      notify.success(done);
      refresh();
    },
  });
}
