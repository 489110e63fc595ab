import { IM_PATHS, type Broadcast } from '@console/contract';
import { sendAsBrowser } from './browser-resend.js';
import { bearer } from './fixtures.js';
import { delay, postJson } from './server-process.js';

type Envelope<T> = { result: number; data: T; errorMsg: string | null; errorCode: string | null };

/** The web console's message loop (features/messages/broadcast) run against `baseUrl`. */
type ConsoleReceiver = { workCode: string; token: string };

export type ConsoleRun<R extends ConsoleReceiver = ConsoleReceiver> = {
  receiver: R;
  /** messageId → when it first arrived. */
  shown: Map<number, number>;
  duplicates: number;
  /** Polls that failed (not 200, or the connection broke): the real console would now wait 60 s. */
  failures: string[];
  stop: () => Promise<void>;
};

/**
 * Polls as the console does in a browser: acknowledge the previous answer's ids, show each messageId once.
 */
export function startConsole<R extends ConsoleReceiver>(
  baseUrl: string,
  storeCode: string,
  receiver: R,
): ConsoleRun<R> {
  const abort = new AbortController();
  const run: ConsoleRun<R> = {
    receiver,
    shown: new Map(),
    duplicates: 0,
    failures: [],
    stop: async () => {},
  };
  const loop = (async () => {
    let ackIds: number[] = [];
    while (!abort.signal.aborted) {
      try {
        const answer = await sendAsBrowser(() =>
          postJson<Envelope<Broadcast>>(
            `${baseUrl}${IM_PATHS.listener}`,
            { receiver: receiver.workCode, storeCode, ackIds },
            bearer(receiver.token),
            abort.signal,
          ),
        );
        if (answer.status !== 200) {
          run.failures.push(`HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
          await delay(200);
          continue;
        }
        const ids = answer.body.data.messageList.map((m) => m.messageId);
        for (const id of ids) {
          if (run.shown.has(id)) run.duplicates += 1;
          else run.shown.set(id, Date.now());
        }
        ackIds = ids;
      } catch (error) {
        if (abort.signal.aborted) break;
        run.failures.push(String(error));
        await delay(200);
      }
    }
  })();
  run.stop = async () => {
    abort.abort();
    await loop;
  };
  return run;
}
