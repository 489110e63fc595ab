import { MESSAGE_STATUS_TEXT, businessTypeOf, type Message } from '@console/contract';
import type { imMessages } from '../../db/schema.js';

export type MessageRow = typeof imMessages.$inferSelect;

/** The caller's side of a message: its work code and the scoped store, both known from the request. */
export type Inbox = { receiverId: number; storeId: number; receiver: string; storeCode: string };

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (fixed +8 h: no daylight saving). */
export function shanghaiDateTime(at: Date): string {
  const s = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  return (
    `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ` +
    `${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`
  );
}

/** A stored message in the wire format of spec 3. */
export function toMessage(row: MessageRow, inbox: Inbox, now: Date): Message {
  const createdMs = row.createdAt.getTime();
  return {
    messageId: row.id,
    businessType: row.businessType,
    businessTypeName: businessTypeOf(row.businessType)?.message ?? '',
    status: row.status,
    statusDesc: MESSAGE_STATUS_TEXT[row.status] ?? '',
    messageContent: {
      messageType: row.messageType,
      title: row.title,
      text: row.text,
      expandInfo: row.expandInfo ?? {},
    },
    receiver: inbox.receiver,
    storeCode: inbox.storeCode,
    createTime: shanghaiDateTime(row.createdAt),
    createTimeMs: createdMs,
    distanceMinutes: Math.max(0, Math.floor((now.getTime() - createdMs) / 60_000)),
  };
}
