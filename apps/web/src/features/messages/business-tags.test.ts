import { BUSINESS_TYPES, IM_PATHS } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { loadBusinessTags } from './business-tags';
import { useMessageStore } from './message-store';
import { fakeHttp, fakeImServer } from './testing/fake-im-server';
import { routeHttp } from '../../test/fake-calls';

routeHttp(fakeHttp);

beforeEach(() => {
  fakeImServer.reset();
  useMessageStore.getState().reset();
  useSessionStore.setState({
    user: { id: 1, username: 'staff', nickName: '', workCode: 'W001', phone: '', avatarPath: '' },
  });
  useShopStore.getState().setShopInfo({ addressId: 'S01' });
});

afterEach(() => vi.restoreAllMocks());

describe('loadBusinessTags', () => {
  it('fetches without payload and keeps the tags for 30 minutes', async () => {
    const tags = await loadBusinessTags(1_000);
    expect(tags[0]).toEqual({ code: 1, message: '线上订单' });
    expect(fakeImServer.callsTo(IM_PATHS.businessTypes)[0]?.body).toBeUndefined();
    await loadBusinessTags(1_000 + 29 * 60_000);
    expect(fakeImServer.callsTo(IM_PATHS.businessTypes)).toHaveLength(1);
    await loadBusinessTags(1_000 + 30 * 60_000);
    expect(fakeImServer.callsTo(IM_PATHS.businessTypes)).toHaveLength(2);
  });

  it('fetches again after a reset (store switch)', async () => {
    await loadBusinessTags(1_000);
    useMessageStore.getState().reset();
    await loadBusinessTags(2_000);
    expect(fakeImServer.callsTo(IM_PATHS.businessTypes)).toHaveLength(2);
  });

  it('retries 3 times, then shows 获取业务标签失败', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    fakeImServer.failNext(IM_PATHS.businessTypes, 3);
    expect(await loadBusinessTags(1_000)).toHaveLength(BUSINESS_TYPES.length);
    expect(error).not.toHaveBeenCalled();

    useMessageStore.getState().reset();
    fakeImServer.failNext(IM_PATHS.businessTypes, 4);
    expect(await loadBusinessTags(1_000)).toEqual([]);
    expect(error).toHaveBeenCalledWith('获取业务标签失败');
  });
});
