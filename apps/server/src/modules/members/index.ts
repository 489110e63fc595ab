import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { MessageProducer } from '../im/message-producer.js';
import { createDemoMemberTraffic, MEMBER_TRAFFIC_EVERY_INTERVALS } from './demo-member-traffic.js';
import { createMemberReminders } from './member-reminders.js';
import { memberRoutes } from './members.routes.js';
import { createMembersService } from './members.service.js';

/** Every day at 00:30 UTC, 08:30 in Shanghai (croner, seconds first): before the stores open. */
export const DAILY_REMINDER_CRON = '0 30 0 * * *';

/** 会员查询, 会员跟进, the daily member reminders and, in demo mode, the demo member messages (docs/domain/members.md). */
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
    description: '会员：升级、权益与复购提醒',
    scope: 'cluster',
    schedule: { cron: DAILY_REMINDER_CRON },
    run: async () => {
      await reminders.run();
    },
  });

  const { demoMode, seedDemo, demoTrafficIntervalSeconds } = deps.config;
  if (demoMode && seedDemo && demoTrafficIntervalSeconds > 0) {
    const traffic = createDemoMemberTraffic({ db, clock, producer: wiring.producer });
    wiring.jobs.register({
      name: 'members.demo-traffic',
      description: '演示：模拟会员消息',
      scope: 'cluster',
      schedule: { everyMs: demoTrafficIntervalSeconds * MEMBER_TRAFFIC_EVERY_INTERVALS * 1000 },
      run: async () => {
        await traffic.tick();
      },
    });
  }
}
