import { BACKUP_PERMISSIONS as P, backupEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, moduleRoutes } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createBackupEngine } from './backup-engine.js';
import { createBackupsService } from './backups.service.js';

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

  const { route, rawRoute } = moduleRoutes(app, ['system-tools']);
  route(api.list, access.headOffice(P.list), ({ input }) => service.list(input));
  route(api.create, access.headOffice(P.create), (ctx) => service.create(actor(ctx)));
  route(api.restore, access.headOffice(P.restore), (ctx) =>
    service.restore(actor(ctx), ctx.input.name, ctx.input.confirmName),
  );
  route(api.restoreLive, access.headOffice(P.restore), (ctx) =>
    service.restoreLive(actor(ctx), ctx.input.name, ctx.input.confirmName),
  );
  rawRoute(
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
    { body: null },
  );
  return service;
}
