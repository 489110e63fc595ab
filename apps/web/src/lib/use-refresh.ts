import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What a page calls after a change: refetches every query under each of `keys` (each a key prefix). */
export function useRefresh(...keys: readonly QueryKey[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
}
