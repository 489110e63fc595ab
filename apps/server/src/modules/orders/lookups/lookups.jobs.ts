import type { AppDeps } from '../../../app-types.js';
import type { JobRunner } from '../../../platform/jobs/job-runner.js';
import { createMemberAccess } from './member-access.js';

const EXPIRED_FINDS_SWEEP_MS = 60 * 60_000;

/** Deletes the member finds whose shift is over (`MEMBER_FIND_HOURS`); one instance sweeps per tick. */
export function registerLookupJobs(runner: JobRunner, { db, clock }: Pick<AppDeps, 'db' | 'clock'>): void {
  const access = createMemberAccess(db, clock);
  runner.register({
    name: 'members.expired-finds',
    description: '会员查找记录：清理过期的查找',
    scope: 'cluster',
    schedule: { everyMs: EXPIRED_FINDS_SWEEP_MS },
    run: async () => {
      await access.pruneExpiredFinds();
    },
  });
}
