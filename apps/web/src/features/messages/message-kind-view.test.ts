import { DEFAULT_MESSAGE_TITLE } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { isUnread, messageView } from './message-kind-view';
import { makeMessage } from './testing/fake-im-server';

describe('messageView', () => {
  it('takes title, detail button and icon from the kind of spec 4.9', () => {
    const view = messageView(makeMessage({ businessType: 9, messageContent: { messageType: 5 } }));
    expect(view).toMatchObject({
      title: '会员升级提醒',
      detailText: '去打标',
      icon: 'equity',
      color: '#52c41a',
    });
    expect(messageView(makeMessage({ businessType: 9, messageContent: { messageType: 3 } })).detailText).toBe(
      '去分配',
    );
    expect(messageView(makeMessage({ businessType: 5, messageContent: { messageType: 24 } }))).toMatchObject({
      title: '借货审核',
      detailText: '查看详情',
      icon: 'auditTask',
    });
  });

  it("prefers the sender's title and falls back to the default for unknown kinds", () => {
    expect(messageView(makeMessage({ messageContent: { title: '加急订单' } })).title).toBe('加急订单');
    expect(messageView(makeMessage({ businessType: 1, messageContent: { messageType: 99 } })).title).toBe(
      DEFAULT_MESSAGE_TITLE,
    );
  });

  it('counts not pushed and unread as unread', () => {
    expect([0, 1, 2, 3].map(isUnread)).toEqual([true, true, false, false]);
  });
});
