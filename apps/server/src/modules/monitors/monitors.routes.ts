import { MONITOR_PERMISSIONS as P, monitorEndpoints as api } from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import { access, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import type { MonitorsService } from './monitors.service.js';

const tags = ['monitors'];

/** 系统监控 and 版本发布: head office holding each page's button (the admin holds them all); store staff 403. */
export function monitorsRoutes(app: AppInstance, service: MonitorsService): void {
  route(app, api.servers, access.headOffice(P.serverList), () => service.servers(), { tags });
  route(app, api.sql, access.headOffice(P.sqlList), () => service.sql(), { tags });
  route(app, api.sqlReset, access.headOffice(P.sqlReset), (ctx) => service.resetSql(actor(ctx)), { tags });
  route(app, api.redis, access.headOffice(P.redisList), () => service.redis(), { tags });
  route(app, api.database, access.headOffice(P.databaseList), () => service.database(), { tags });
  route(app, api.releases, access.headOffice(P.releaseList), () => service.releases(), { tags });
  route(
    app,
    api.publishRelease,
    access.headOffice(P.releasePublish),
    (ctx) => service.publish(actor(ctx), ctx.input),
    { tags },
  );
}
