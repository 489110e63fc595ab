import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMethods } from '../test/fake-calls';
import { bindNotifier, notify, type NotifierApi } from './notify';

// The static functions that lib/notify loads on first use: the same module objects, their methods stubbed.
const staticApi = {
  message: stubMethods(message, { success: vi.fn(), error: vi.fn(), warning: vi.fn() }),
  notification: stubMethods(notification, { error: vi.fn() }),
  modal: stubMethods(Modal, { confirm: vi.fn(), warning: vi.fn() }),
};

function fakeApi() {
  return {
    message: { success: vi.fn(), error: vi.fn(), warning: vi.fn() },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn(), warning: vi.fn() },
  };
}

describe('notify', () => {
  let unbind: (() => void) | undefined;
  afterEach(() => {
    unbind?.();
    unbind = undefined;
    vi.clearAllMocks();
  });

  it("uses antd's static functions, loaded on first use, until the App instances are bound", async () => {
    notify.error('接口请求失败');
    await vi.waitFor(() => expect(staticApi.message.error).toHaveBeenCalledWith('接口请求失败', 2));
    notify.notification('网络请求超时', 5);
    await vi.waitFor(() =>
      expect(staticApi.notification.error).toHaveBeenCalledWith({ title: '网络请求超时', duration: 5 }),
    );
  });

  it('uses the bound themed instances, and the static ones again once unbound', async () => {
    const api = fakeApi();
    unbind = bindNotifier(api as unknown as NotifierApi);
    notify.success('保存成功');
    expect(api.message.success).toHaveBeenCalledWith('保存成功', 2);
    unbind();
    unbind = undefined;
    notify.warning('请选择门店');
    await vi.waitFor(() => expect(staticApi.message.warning).toHaveBeenCalledWith('请选择门店', 2));
    expect(api.message.warning).not.toHaveBeenCalled();
  });

  it('resolves confirm with the choice and alert on OK', async () => {
    const api = fakeApi();
    unbind = bindNotifier(api as unknown as NotifierApi);
    const confirmed = notify.confirm({ title: '提示', content: '确定删除吗？' });
    api.modal.confirm.mock.calls[0]?.[0].onOk();
    await expect(confirmed).resolves.toBe(true);
    const cancelled = notify.confirm({ title: '提示', content: '确定删除吗？' });
    api.modal.confirm.mock.calls[1]?.[0].onCancel();
    await expect(cancelled).resolves.toBe(false);
    const alerted = notify.alert({ title: '提示', content: '账号已变更' });
    expect(api.modal.warning.mock.calls[0]?.[0]).toMatchObject({ keyboard: false, closable: false });
    api.modal.warning.mock.calls[0]?.[0].onOk();
    await expect(alerted).resolves.toBeUndefined();
  });

  it("names confirm's buttons 确定 / 取消 unless the caller names its own", () => {
    const api = fakeApi();
    unbind = bindNotifier(api as unknown as NotifierApi);
    void notify.confirm({ title: '提示', content: '确定删除吗？' });
    void notify.confirm({ title: '确认订单', content: '确认吗？', okText: '确认订单' });
    expect(api.modal.confirm.mock.calls[0]?.[0]).toMatchObject({ okText: '确定', cancelText: '取消' });
    expect(api.modal.confirm.mock.calls[1]?.[0]).toMatchObject({ okText: '确认订单', cancelText: '取消' });
  });
});
