import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { MessageProducer } from '../im/message-producer.js';
import { createMemberReminders } from './member-reminders.js';
import { memberRoutes } from './members.routes.js';
import { createMembersService } from './members.service.js';

/** Every day at 00:30 UTC, 08:30 in Shanghai (croner, seconds first): before the stores open. */
export const DAILY_REMINDER_CRON = '0 30 0 * * *';

/** 会员查询, 会员跟进 and the daily member reminders (docs/domain/members.md). */
export function membersModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; jobs: JobRunner },
): void {
  const { db, clock } = deps;
  const audit = createAuditLog(db, clock);
  memberRoutes(app, createMembersService({ db, clock, audit }), audit);
  const reminders = createMemberReminders({ db, clock, producer: wiring.producer });
  wiring.jobs.register({
    name: 'members.daily-reminders',
    scope: 'cluster',
    schedule: { cron: DAILY_REMINDER_CRON },
    run: async () => {
      await reminders.run();
    },
  });
}
