import { SYSTEM_TOOL_PERMISSIONS as P, systemToolEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, moduleRoutes } from '../../http/route.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createSessionService } from '../auth/session.service.js';
import { createSystemToolsService } from './system-tools.service.js';

/** 系统工具's logs, online users and jobs: head office holding each page's button (the admin holds them all). */
export function systemToolsRoutes(app: AppInstance, { db, clock }: AppDeps, jobs: JobRunner) {
  const service = createSystemToolsService({
    db,
    clock,
    jobs,
    sessions: createSessionService(db, clock, app.authCache),
  });

  const { route } = moduleRoutes(app, ['system-tools']);
  const { headOffice } = access;

  route(api.logQuery, headOffice(P.logList), ({ input }) => service.operationLogs(input));
  route(api.logDetail, headOffice(P.logList), ({ input }) => service.operationLog(input.id));
  route(api.loginLogs, headOffice(P.loginLogList), ({ input }) => service.loginLogs(input));
  route(api.errorLogs, headOffice(P.errorLogList), (ctx) => service.serverErrors(ctx.caller(), ctx.input));
  route(api.clientErrorLogs, headOffice(P.errorLogList), (ctx) =>
    service.clientErrors(ctx.caller(), ctx.input),
  );
  route(api.online, headOffice(P.onlineList), (ctx) => service.online(ctx.caller(), ctx.input));
  route(api.kick, headOffice(P.onlineKick), (ctx) => service.kick(actor(ctx), ctx.input.sessionId));
  route(api.jobs, headOffice(P.timingList), () => service.jobs());
  route(api.setJobEnabled, headOffice(P.timingEdit), (ctx) =>
    service.setJobEnabled(actor(ctx), ctx.input.name, ctx.input.enabled),
  );
  route(api.setJobCron, headOffice(P.timingEdit), (ctx) =>
    service.setJobCron(actor(ctx), ctx.input.name, ctx.input.cron),
  );
  route(api.cronPreview, headOffice(P.timingList), ({ input }) => service.cronPreview(input.cron));
  route(api.runJob, headOffice(P.timingRun), (ctx) => service.runJob(actor(ctx), ctx.input.name));
  route(api.jobRuns, headOffice(P.timingList), ({ input }) => service.jobRuns(input.name, input));
  return service;
}
