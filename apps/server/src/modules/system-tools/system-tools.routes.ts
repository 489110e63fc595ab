import { SYSTEM_TOOL_PERMISSIONS as P, systemToolEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, route } from '../../http/route.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createSessionService } from '../auth/session.service.js';
import { createSystemToolsService } from './system-tools.service.js';

const tags = ['system-tools'];

/** 系统工具's logs, online users and jobs: head office holding each page's button (the admin holds them all). */
export function systemToolsRoutes(app: AppInstance, { db, clock }: AppDeps, jobs: JobRunner) {
  const service = createSystemToolsService({
    db,
    clock,
    jobs,
    sessions: createSessionService(db, clock, app.authCache),
  });

  route(app, api.logQuery, access.headOffice(P.logList), ({ input }) => service.operationLogs(input), {
    tags,
  });
  route(app, api.logDetail, access.headOffice(P.logList), ({ input }) => service.operationLog(input.id), {
    tags,
  });
  route(app, api.loginLogs, access.headOffice(P.loginLogList), ({ input }) => service.loginLogs(input), {
    tags,
  });
  route(
    app,
    api.errorLogs,
    access.headOffice(P.errorLogList),
    (ctx) => service.serverErrors(ctx.caller(), ctx.input),
    { tags },
  );
  route(
    app,
    api.clientErrorLogs,
    access.headOffice(P.errorLogList),
    (ctx) => service.clientErrors(ctx.caller(), ctx.input),
    { tags },
  );
  route(app, api.online, access.headOffice(P.onlineList), (ctx) => service.online(ctx.caller(), ctx.input), {
    tags,
  });
  route(
    app,
    api.kick,
    access.headOffice(P.onlineKick),
    (ctx) => service.kick(actor(ctx), ctx.input.sessionId),
    {
      tags,
    },
  );
  route(app, api.jobs, access.headOffice(P.timingList), () => service.jobs(), { tags });
  route(
    app,
    api.setJobEnabled,
    access.headOffice(P.timingEdit),
    (ctx) => service.setJobEnabled(actor(ctx), ctx.input.name, ctx.input.enabled),
    { tags },
  );
  route(
    app,
    api.setJobCron,
    access.headOffice(P.timingEdit),
    (ctx) => service.setJobCron(actor(ctx), ctx.input.name, ctx.input.cron),
    { tags },
  );
  route(
    app,
    api.cronPreview,
    access.headOffice(P.timingList),
    ({ input }) => service.cronPreview(input.cron),
    {
      tags,
    },
  );
  route(
    app,
    api.runJob,
    access.headOffice(P.timingRun),
    (ctx) => service.runJob(actor(ctx), ctx.input.name),
    {
      tags,
    },
  );
  route(
    app,
    api.jobRuns,
    access.headOffice(P.timingList),
    ({ input }) => service.jobRuns(input.name, input),
    {
      tags,
    },
  );
  return service;
}
