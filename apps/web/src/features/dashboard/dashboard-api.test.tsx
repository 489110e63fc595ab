import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messageEvents } from '../../lib/events/message-events';
import { useRefreshOnMessages } from './dashboard-api';

describe('useRefreshOnMessages', () => {
  it('refreshes the dashboard queries when a message arrives, is opened or the center is cleared', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useRefreshOnMessages(), { wrapper });

    messageEvents.emit('delivered', []);
    messageEvents.emit('opened', 1);
    messageEvents.emit('cleared', undefined);
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] });

    unmount();
    messageEvents.emit('delivered', []);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });
});
