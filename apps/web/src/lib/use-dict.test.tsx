import '../test/dom';
import { dictEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls } from '../test/fake-calls';
import { useDict } from './use-dict';

const options = vi.fn();
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === dictEndpoints.options ? options(input) : Promise.reject(new Error('unexpected call')),
);

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useDict', () => {
  it('gives the options and labels of stored values, the value itself when unknown', async () => {
    options.mockResolvedValue({
      code: 'delivery_type',
      name: '配送方式',
      items: [
        { label: '快递配送', value: 'express' },
        { label: '到店自提', value: 'pickup' },
      ],
    });
    const { result } = renderHook(() => useDict('delivery_type'), { wrapper });
    expect(result.current.labelOf('express')).toBe('express');
    await waitFor(() => expect(result.current.options).toHaveLength(2));
    expect(options).toHaveBeenCalledWith({ code: 'delivery_type' });
    expect(result.current.labelOf('pickup')).toBe('到店自提');
    expect(result.current.labelOf('drone')).toBe('drone');
    expect(result.current.labelOf(null)).toBe('-');
  });

  it('falls back to raw values when the dictionary cannot be read', async () => {
    options.mockRejectedValue(new Error('404'));
    const { result } = renderHook(() => useDict('missing'), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.options).toEqual([]);
    expect(result.current.labelOf('x')).toBe('x');
  });
});
