import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP layer already tells the user about failures, so queries do not retry (each retry would show the
 * notice again) and do not refetch on focus behind the user's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
