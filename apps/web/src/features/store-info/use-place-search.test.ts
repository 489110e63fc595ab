import type { Place } from '@console/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUOMAO } from './test-fixtures';
import { PLACE_SEARCH_DEBOUNCE_MS, usePlaceSearch } from './use-place-search';

const SANLITUN: Place = { ...GUOMAO, id: 'p-bj-sanlitun', title: '三里屯太古里' };

describe('usePlaceSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches once, 500 ms after the last keystroke', async () => {
    const search = vi.fn(async () => [GUOMAO]);
    const { result } = renderHook(() => usePlaceSearch(search));
    act(() => result.current.onSearch('国'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => result.current.onSearch('国贸'));
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    expect(result.current.searching).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('国贸');
    expect(result.current.places).toEqual([GUOMAO]);
    expect(result.current.searching).toBe(false);
  });

  it('clears the options at once on an empty keyword, and never sends it', async () => {
    const search = vi.fn(async () => [GUOMAO]);
    const { result } = renderHook(() => usePlaceSearch(search));
    act(() => result.current.onSearch('国贸'));
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS));
    expect(result.current.places).toHaveLength(1);
    act(() => result.current.onSearch('  '));
    expect(result.current.places).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS * 2));
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('drops the answer to an older keyword that arrives late', async () => {
    let answerFirst: (places: Place[]) => void = () => {};
    const search = vi
      .fn<(keyword: string) => Promise<Place[]>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementationOnce(async () => [SANLITUN]);
    const { result } = renderHook(() => usePlaceSearch(search));
    act(() => result.current.onSearch('国贸'));
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS));
    act(() => result.current.onSearch('三里屯'));
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS));
    await act(async () => answerFirst([GUOMAO]));
    expect(result.current.places).toEqual([SANLITUN]);
  });

  it('ends with no options when the search fails', async () => {
    const search = vi.fn(async () => Promise.reject(new Error('地点搜索暂不可用，请稍后再试')));
    const { result } = renderHook(() => usePlaceSearch(search));
    act(() => result.current.onSearch('国贸'));
    await act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS));
    expect(result.current.places).toEqual([]);
    expect(result.current.searching).toBe(false);
  });
});
