import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { MessageProducer } from '../im/message-producer.js';
import { createDataScopes } from '../roles/data-scope.js';
import { createGrantableRoles } from '../roles/grantable-roles.js';
import { createAnnouncementsRepository } from './announcements.repository.js';
import { announcementRoutes } from './announcements.routes.js';
import { createAnnouncementsService } from './announcements.service.js';

/** How often the cluster job looks for scheduled notices whose time has come. */
const DUE_SWEEP_MS = 30_000;

/** 通知公告 (docs/domain/announcements.md): head office's notices, delivered through the message center. */
export function announcementsModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; jobs: JobRunner },
): void {
  const { db, clock } = deps;
  const dataScopes = createDataScopes(db, app.authCache);
  const service = createAnnouncementsService({
    db,
    clock,
    repo: createAnnouncementsRepository(db),
    producer: wiring.producer,
    audit: createAuditLog(db, clock),
    dataScopes,
    grantableRoles: createGrantableRoles(db, dataScopes),
  });
  announcementRoutes(app, service);
  wiring.jobs.register({
    name: 'announcements.publish-due',
    description: '通知公告：发布到时的定时公告',
    scope: 'cluster',
    schedule: { everyMs: DUE_SWEEP_MS },
    run: async () => {
      await service.publishDue();
    },
  });
}
