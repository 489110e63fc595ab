import type { AppDeps } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { AppMetrics } from '../../platform/metrics/app-metrics.js';
import { createMessageRepository } from './message.repository.js';
import { createPendingSweeper } from './pending-sweeper.js';
import type { PollHub } from './poll-hub.js';
import type { PublishApi } from './publish-api.js';

/**
 * The message center's jobs: the pending sweep, on every instance (each sweeps the polls it holds), and the
 * nightly forgetting of old publish idempotency keys.
 */
export function registerImJobs(
  runner: JobRunner,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  wiring: { hub: PollHub; publishApi: PublishApi; metrics: AppMetrics },
): void {
  const { hub, metrics } = wiring;
  const counted = {
    size: () => hub.size(),
    has: (key: string) => hub.has(key),
    wake(keys: Iterable<string>) {
      const list = [...keys];
      const woken = hub.wake(list);
      metrics.wakeups('sweeper', list.length, woken);
      return woken;
    },
  };
  const sweeper = createPendingSweeper({ hub: counted, messages: createMessageRepository(db) });
  runner.register({
    name: 'im.pending-sweep',
    description: '消息推送：重发未确认的消息',
    scope: 'instance',
    schedule: { everyMs: config.longPoll.sweepMs },
    run: () => sweeper.sweep(),
  });
  runner.register({
    name: 'im.publish-keys-prune',
    description: '消息推送：清理一天前的幂等键',
    scope: 'cluster',
    schedule: { cron: '0 50 3 * * *' },
    run: async () => {
      await wiring.publishApi.pruneKeys();
    },
  });
}
