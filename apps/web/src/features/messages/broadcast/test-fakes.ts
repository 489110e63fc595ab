import type { Message } from '@console/contract';
import type { LockManagerLike } from './leader-election';
import type { ChannelLike } from './tab-relay';

/** A message as the listener answers it. */
export function fakeMessage(messageId: number, overrides: Partial<Message> = {}): Message {
  return {
    messageId,
    businessType: 4,
    businessTypeName: '云仓',
    status: 0,
    statusDesc: '未推送',
    messageContent: {
      messageType: 1,
      title: '调出接单提醒，请发货',
      text: `单号 ${messageId}`,
      expandInfo: {},
    },
    receiver: 'staff',
    storeCode: 'S001',
    createTime: '2025-01-01 10:00:00',
    createTimeMs: Date.now(),
    distanceMinutes: 0,
    ...overrides,
  };
}

/** Web Locks with the browser's semantics for exclusive locks: one holder, waiters granted in order. */
export function fakeLocks(): LockManagerLike & { holder(name: string): number | null } {
  type Waiter = { id: number; run: () => void };
  const queues = new Map<string, Waiter[]>();
  const holders = new Map<string, number>();
  let nextId = 1;

  function grant(name: string) {
    const queue = queues.get(name) ?? [];
    if (holders.has(name) || queue.length === 0) return;
    queue.shift()!.run();
  }

  return {
    holder: (name) => holders.get(name) ?? null,
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const waiter: Waiter = {
          id,
          run: () => {
            holders.set(name, id);
            void Promise.resolve()
              .then(() => callback({ name }))
              .then(resolve, reject)
              .finally(() => {
                holders.delete(name);
                grant(name);
              });
          },
        };
        queue.push(waiter);
        options.signal?.addEventListener('abort', () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) {
            queue.splice(index, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        grant(name);
      });
    },
  };
}

/** BroadcastChannel between fake tabs: a post reaches every other open channel of the same name. */
export function fakeChannels() {
  const open = new Set<ChannelLike & { name: string }>();
  return (name: string): ChannelLike => {
    const channel: ChannelLike & { name: string } = {
      name,
      onmessage: null,
      postMessage(data) {
        for (const other of open) {
          if (other !== channel && other.name === name)
            queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
        }
      },
      close() {
        open.delete(channel);
      },
    };
    open.add(channel);
    return channel;
  };
}

/** A Storage in memory. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}
