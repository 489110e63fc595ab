import { BACKUP_PERMISSIONS as P, backupEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, rawRoute, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createBackupEngine } from './backup-engine.js';
import { createBackupsService } from './backups.service.js';

const tags = ['system-tools'];

/** 数据备份: head office holding each button; download and restore are the administrator's only (service). */
export function backupRoutes(app: AppInstance, { db, dbKind, clock, config }: AppDeps) {
  const service = createBackupsService({
    db,
    clock,
    engine: createBackupEngine(db, dbKind),
    dir: config.backupDir,
    log: app.log,
    live: {
      maintenance: app.maintenance,
      forgetCaches: () => app.authCache.forgetAll(),
    },
  });
  app.addHook('onClose', () => service.drain());

  route(app, api.list, access.headOffice(P.list), ({ input }) => service.list(input), { tags });
  route(app, api.create, access.headOffice(P.create), (ctx) => service.create(actor(ctx)), { tags });
  route(
    app,
    api.restore,
    access.headOffice(P.restore),
    (ctx) => service.restore(actor(ctx), ctx.input.name, ctx.input.confirmName),
    { tags },
  );
  route(
    app,
    api.restoreLive,
    access.headOffice(P.restore),
    (ctx) => service.restoreLive(actor(ctx), ctx.input.name, ctx.input.confirmName),
    { tags },
  );
  rawRoute(
    app,
    api.download,
    access.headOffice(P.download),
    async (ctx) => {
      const file = await service.download(actor(ctx), ctx.input.name);
      ctx.reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store');
      if (file.sizeBytes !== null) ctx.reply.header('content-length', String(file.sizeBytes));
      return ctx.reply.send(file.stream);
    },
    { tags, body: null },
  );
  return service;
}
