import '../../test/dom';
import { endpoint, pageOf } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useListData } from './use-list-data';
import { answerCalls } from '../../test/fake-calls';

const api = { list: vi.fn() };
answerCalls((_endpoint: unknown, input: unknown) => api.list(input));

const rowSchema = z.object({ id: z.number(), running: z.boolean() });
const jobs = endpoint({
  method: 'POST',
  path: '/test/jobs',
  request: z.object({ pageNum: z.number(), pageSize: z.number() }),
  response: pageOf(rowSchema),
  summary: 'test jobs',
});
const page = (running: boolean) => ({ list: [{ id: 1, running }], total: 1, pageNum: 1, pageSize: 10 });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useListData', { timeout: 10_000 }, () => {
  it('re-reads the page while poll asks for it, and stops once the rows say so', async () => {
    api.list
      .mockResolvedValueOnce(page(true))
      .mockResolvedValueOnce(page(true))
      .mockResolvedValue(page(false));
    const { result } = renderHook(
      () =>
        useListData({
          key: ['jobs'],
          endpoint: jobs,
          request: { pageNum: 1, pageSize: 10 },
          poll: (rows) => (rows.some((row) => row.running) ? 50 : false),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.rows[0]?.running).toBe(false));
    expect(api.list).toHaveBeenCalledTimes(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.list).toHaveBeenCalledTimes(3);
  });

  it('reads once without poll', async () => {
    api.list.mockResolvedValue(page(true));
    const { result } = renderHook(
      () => useListData({ key: ['jobs'], endpoint: jobs, request: { pageNum: 1, pageSize: 10 } }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.total).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
