import type { AppDeps } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createMessageRepository } from './message.repository.js';
import { createPendingSweeper } from './pending-sweeper.js';
import type { PollHub } from './poll-hub.js';

/** The message center's job: the pending sweep, on every instance (each sweeps the polls it holds). */
export function registerImJobs(
  runner: JobRunner,
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  wiring: { hub: PollHub },
): void {
  const sweeper = createPendingSweeper({ hub: wiring.hub, messages: createMessageRepository(db) });
  runner.register({
    name: 'im.pending-sweep',
    description: '消息推送：重发未确认的消息',
    scope: 'instance',
    schedule: { everyMs: config.longPoll.sweepMs },
    run: () => sweeper.sweep(),
  });
}
