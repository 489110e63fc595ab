import {
  BUSINESS_TYPES,
  IM_PATHS,
  MESSAGE_STATUS_TEXT,
  OPERATE_TYPE,
  businessTypeOf,
  type Message,
} from '@console/contract';
import { createHttpClient } from '../../../lib/http/client';
import { fail, fakeAdapter, fakeDeps, ok, type FakeReply } from '../../../lib/http/testing';

type Body = Record<string, unknown>;
type Call = { path: string; body: Body | undefined };

/**
 * An in-memory IM server behind the real HTTP client (envelopes, errors, silent flags) for unit tests:
 * pages, unread counts, operate types and business tags as spec 7.4 describes them, with injectable failures.
 */
export class FakeImServer {
  messages: Message[] = [];
  calls: Call[] = [];
  private failures = new Map<string, FakeReply[]>();
  /** A request to this path never answers (for loading states). */
  hangPaths = new Set<string>();

  reset(): void {
    this.messages = [];
    this.calls = [];
    this.failures.clear();
    this.hangPaths.clear();
  }

  /** The next `times` calls to `path` answer `reply` (a business failure by default). */
  failNext(path: string, times = 1, reply: FakeReply = fail(200, null)): void {
    this.failures.set(path, [...(this.failures.get(path) ?? []), ...Array<FakeReply>(times).fill(reply)]);
  }

  callsTo(path: string): Call[] {
    return this.calls.filter((call) => call.path === path);
  }

  reply(path: string, body: Body | undefined): FakeReply {
    this.calls.push({ path, body });
    if (this.hangPaths.has(path)) return 'hang';
    const failure = this.failures.get(path)?.shift();
    if (failure) return failure;
    switch (path) {
      case IM_PATHS.unreadCount:
        return ok(this.unreadCount());
      case IM_PATHS.pageList:
        return ok(this.page(body ?? {}));
      case IM_PATHS.operate:
        return ok({ affected: this.operate(body ?? {}) });
      case IM_PATHS.businessTypes:
        return ok(BUSINESS_TYPES.map(({ code, message }) => ({ code, message })));
      default:
        return fail(404, null);
    }
  }

  private unreadCount() {
    const unread = this.messages.filter((m) => m.status <= 1);
    const byType = new Map<number, number>();
    for (const m of unread) byType.set(m.businessType, (byType.get(m.businessType) ?? 0) + 1);
    return {
      messageCount: unread.length,
      businessMessageCountList: [...byType].map(([businessType, businessMessageCount]) => ({
        businessType,
        businessMessageCount,
      })),
    };
  }

  private page(body: Body) {
    const pageNum = Number(body.pageNum);
    const pageSize = Number(body.pageSize);
    const matching = this.messages.filter(
      (m) =>
        (body.status == null || (body.status === 1 ? m.status <= 1 : m.status >= 2)) &&
        (body.businessType == null || m.businessType === body.businessType),
    );
    const list = matching.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return { list, total: matching.length, pageNum, pageSize };
  }

  private operate(body: Body): number {
    const ids = new Set((body.ids as number[] | undefined) ?? []);
    const before = this.messages.length;
    switch (body.operateType) {
      case OPERATE_TYPE.markAllRead:
        this.messages = this.messages.map((m) => (m.status <= 1 ? { ...m, status: 2 } : m));
        return before;
      case OPERATE_TYPE.clearAll:
        this.messages = [];
        return before;
      case OPERATE_TYPE.markRead:
        this.messages = this.messages.map((m) => (ids.has(m.messageId) ? { ...m, status: 2 } : m));
        return ids.size;
      default:
        this.messages = this.messages.filter((m) => !ids.has(m.messageId));
        return before - this.messages.length;
    }
  }
}

export const fakeImServer = new FakeImServer();

const { adapter } = fakeAdapter((config) =>
  fakeImServer.reply(
    config.url ?? '',
    typeof config.data === 'string' ? (JSON.parse(config.data) as Body) : undefined,
  ),
);

/** Use as `routeHttp(fakeHttp)` (test/fake-calls.ts): the app's `http`, and so `call`, then reach the fake server. */
export const fakeHttp = createHttpClient(fakeDeps(), adapter);

let nextId = 1;

/** A message as the server sends it (spec 3); unread, 线上订单 new order, created now unless overridden. */
export function makeMessage(
  overrides: Partial<Omit<Message, 'messageContent'>> & {
    messageContent?: Partial<Message['messageContent']>;
  } = {},
): Message {
  const { messageContent, ...rest } = overrides;
  const businessType = rest.businessType ?? 1;
  const status = rest.status ?? 1;
  const createTimeMs = rest.createTimeMs ?? Date.now();
  return {
    messageId: nextId++,
    businessType,
    businessTypeName: businessTypeOf(businessType)?.message ?? '',
    status,
    statusDesc: MESSAGE_STATUS_TEXT[status] ?? '',
    receiver: 'W001',
    storeCode: 'S01',
    createTime: '2025-01-01 10:00:00',
    createTimeMs,
    distanceMinutes: 0,
    ...rest,
    messageContent: {
      messageType: 1,
      title: '',
      text: '订单 A100 已创建',
      expandInfo: { id: 'A100' },
      ...messageContent,
    },
  };
}
