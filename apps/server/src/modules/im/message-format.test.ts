import { describe, expect, it } from 'vitest';
import { shanghaiDateTime, toMessage, type MessageRow } from './message-format.js';

describe('message wire format', () => {
  it('writes Asia/Shanghai time, across the date line', () => {
    expect(shanghaiDateTime(new Date('2024-05-01T16:30:05Z'))).toBe('2024-05-02 00:30:05');
    expect(shanghaiDateTime(new Date('2024-12-31T01:02:03Z'))).toBe('2024-12-31 09:02:03');
  });

  it('fills the spec 3 fields from a row, the inbox and the clock', () => {
    const row = {
      id: 42,
      storeId: 2,
      receiverId: 1,
      businessType: 9,
      messageType: 3,
      title: '会员升级提醒',
      text: '会员张三已升级',
      expandInfo: { memberId: 'M1' },
      status: 1,
      source: 'test',
      createdAt: new Date('2024-05-01T02:00:00Z'),
      pushedAt: null,
      readAt: null,
    } satisfies MessageRow;
    const message = toMessage(
      row,
      { receiverId: 1, storeId: 2, receiver: 'W001', storeCode: 'S001' },
      new Date('2024-05-01T02:09:59Z'),
    );
    expect(message).toEqual({
      messageId: 42,
      businessType: 9,
      businessTypeName: '会员跟进',
      status: 1,
      statusDesc: '未读',
      messageContent: {
        messageType: 3,
        title: '会员升级提醒',
        text: '会员张三已升级',
        expandInfo: { memberId: 'M1' },
      },
      receiver: 'W001',
      storeCode: 'S001',
      createTime: '2024-05-01 10:00:00',
      createTimeMs: Date.parse('2024-05-01T02:00:00Z'),
      distanceMinutes: 9,
    });
  });
});
