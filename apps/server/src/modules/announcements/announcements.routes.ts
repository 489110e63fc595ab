import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_PERMISSIONS as can,
  announcementEndpoints as api,
  announcementIdQuerySchema,
} from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import { badRequest } from '../../http/errors.js';
import { access, ANY_STAFF, moduleRoutes } from '../../http/route.js';
import { readSingleUpload } from '../../http/upload.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementsService } from './announcements.service.js';

/** Uploads are rare; this only stops a script from filling the database. */
const UPLOADS_PER_MINUTE = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** `attachment; filename*=` in RFC 5987 form, so a Chinese file name survives every browser. */
function dispositionOf(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * 通知公告: head office reads the page, the buttons (`notice:add`, `notice:edit`, `notice:publish`, `notice:del`)
 * guard the changes; the reader view and the downloads are for any signed-in user, answered only for notices
 * addressed to them (the service's rule).
 */
export function announcementRoutes(app: AppInstance, service: AnnouncementsService): void {
  const { route, rawRoute } = moduleRoutes(app, ['announcements']);
  route(api.page, access.headOffice(ANY_STAFF), ({ input }) => service.page(input));
  route(api.detail, access.headOffice(ANY_STAFF), ({ input }) => service.detail(input.id));
  route(api.receipts, access.headOffice(ANY_STAFF), ({ input }) => service.receipts(input));
  route(api.addressees, access.headOffice(ANY_STAFF), ({ caller, input }) =>
    service.addressees(caller(), input.keyword),
  );
  route(api.create, access.headOffice(can.add), (ctx) => service.create(actor(ctx), ctx.input));
  route(api.update, access.headOffice(can.edit), (ctx) => service.update(actor(ctx), ctx.input));
  route(api.remove, access.headOffice(can.remove), (ctx) => service.remove(actor(ctx), ctx.input.id));
  route(api.publish, access.headOffice(can.publish), (ctx) => service.publish(actor(ctx), ctx.input.id));
  route(api.withdraw, access.headOffice(can.publish), (ctx) => service.withdraw(actor(ctx), ctx.input.id));
  route(
    api.uploadAttachment,
    access.headOffice(can.edit),
    async (ctx) => {
      const query = announcementIdQuerySchema.safeParse(ctx.request.query);
      if (!query.success) throw badRequest('公告编号不正确', 'ANNOUNCEMENT_ID_INVALID');
      const upload = await readSingleUpload(ctx.request, {
        maxBytes: ANNOUNCEMENT_LIMITS.attachmentBytesMax,
        label: ANNOUNCEMENT_MESSAGES.attachmentLabel,
      });
      return service.uploadAttachment(actor(ctx), query.data.id, upload);
    },
    { config: UPLOADS_PER_MINUTE, consumes: ['multipart/form-data'] },
  );
  route(api.removeAttachment, access.headOffice(can.edit), (ctx) =>
    service.removeAttachment(actor(ctx), ctx.input.id),
  );
  rawRoute(
    api.attachmentFile,
    access.signedIn(),
    async ({ caller, input, reply }) => {
      const file = await service.attachmentFile(caller(), input.id);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', dispositionOf(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
    { body: null },
  );
  route(api.read, access.signedIn(), ({ caller, input }) => service.read(caller(), input.id));
}
