import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { MessageProducer } from '../im/message-producer.js';
import { memberRoutes } from './members.routes.js';
import { createMembersService } from './members.service.js';

/** 会员查询, 会员跟进 and the daily member reminders (docs/domain/members.md). */
export function membersModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; jobs: JobRunner },
): void {
  const { db, clock } = deps;
  const audit = createAuditLog(db, clock);
  memberRoutes(app, createMembersService({ db, clock, audit }), audit);
  void wiring;
}
