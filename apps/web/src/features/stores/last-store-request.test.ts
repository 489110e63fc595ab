import { STORE_PATHS } from '@console/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { stubMethods } from '../../test/fake-calls';
import { prefetchLastStore, takeLastStore } from './last-store-request';

const STORE = { storeCode: 'SD11011201', frontTitle: '华北一区', businessScopeName: '北京朝阳店' };
const post = vi.fn((path: string, body?: unknown) =>
  path === STORE_PATHS.lastStore
    ? Promise.resolve({ ...STORE, asked: (body as { userId: number }).userId })
    : Promise.reject(new Error(`unexpected post ${path}`)),
);
stubMethods(http, { post });

describe('the last-used store, sent early', () => {
  beforeEach(() => {
    // Whatever an earlier test left prefetched is taken here.
    void takeLastStore(0);
    post.mockClear();
  });

  it('answers the start-up from the call sent early, once', async () => {
    prefetchLastStore(7);
    prefetchLastStore(7);
    expect(post).toHaveBeenCalledTimes(1);
    expect(await takeLastStore(7)).toMatchObject({ storeCode: STORE.storeCode, asked: 7 });
    // 重新获取 after a failure asks again.
    await takeLastStore(7);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('asks again for another user than the one prefetched', async () => {
    prefetchLastStore(7);
    expect(await takeLastStore(8)).toMatchObject({ asked: 8 });
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('leaves a failed early call to the start-up to report', async () => {
    post.mockImplementationOnce(() => Promise.reject(new Error('network')));
    prefetchLastStore(7);
    await expect(takeLastStore(7)).rejects.toThrow('network');
  });
});
