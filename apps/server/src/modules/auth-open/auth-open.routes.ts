import {
  AUTH_OPEN_IMPORT_MAX_BYTES,
  authOpenEndpoints as api,
  envelopeSchema,
  importRejectionSchema,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { access, ANY_STAFF, rawRoute, route } from '../../http/route.js';
import { readSingleUpload } from '../../http/upload.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createDataScopes, storeIdsInScope } from '../roles/data-scope.js';
import { createGrantableRoles } from '../roles/grantable-roles.js';
import { createAuthOpenRepository } from './auth-open.repository.js';
import { AUTH_OPEN_MESSAGES, ImportRejectedError, createAuthOpenService } from './auth-open.service.js';
import {
  TEMPLATE_FILENAME,
  XLSX_CONTENT_TYPE,
  attachmentHeader,
  buildTemplate,
  looksLikeXlsx,
} from './import-workbook.js';

const tags = ['auth-open'];
/** Head office only, refused with the domain's own message (the service checks again). */
const HEAD_OFFICE = access.headOffice(ANY_STAFF, AUTH_OPEN_MESSAGES.headOfficeOnly);

export function authOpenRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const dataScopes = createDataScopes(db, app.authCache);
  const service = createAuthOpenService({
    repo: createAuthOpenRepository(db),
    grantableRoles: createGrantableRoles(db, dataScopes),
    audit: createAuditLog(db, clock),
    clock,
    authCache: app.authCache,
    storesInScope: async (caller, storeIds) => storeIdsInScope(db, await dataScopes(caller), storeIds),
  });
  let template: Promise<Buffer> | null = null;

  // The staff member's own records (head office may name any user: the service decides).
  route(app, api.queryByUser, access.signedIn(), ({ caller, input }) => service.records(caller(), input), {
    tags,
  });
  route(
    app,
    api.confirmOrRefuse,
    access.signedIn(),
    ({ caller, input, request }) => service.decide(caller(), input, clientOf(request)),
    { tags },
  );

  route(app, api.checkUserInfo, HEAD_OFFICE, ({ caller, input }) => service.checkUser(caller(), input), {
    tags,
  });
  route(
    app,
    api.confirmOpen,
    HEAD_OFFICE,
    ({ caller, input, request }) => service.open(caller(), input, clientOf(request)),
    { tags },
  );

  // The access checks run before the upload is read: a refused caller never gets to send 2 MB.
  rawRoute(
    app,
    api.batchImport,
    HEAD_OFFICE,
    async ({ caller, request, reply }) => {
      const upload = await readSingleUpload(request, {
        maxBytes: AUTH_OPEN_IMPORT_MAX_BYTES,
        label: '导入文件',
      });
      if (!looksLikeXlsx(upload.filename, upload.bytes))
        throw badRequest('请上传 .xlsx 格式的 Excel 文件（可下载模板填写）', 'IMPORT_NOT_XLSX');
      try {
        return ok(await service.importFile(caller(), upload.bytes, clientOf(request)));
      } catch (error) {
        if (!(error instanceof ImportRejectedError)) throw error;
        return reply.code(422).send({
          result: 1,
          data: { errors: error.errors, errorCount: error.errorCount },
          errorMsg: error.message,
          errorCode: error.errorCode,
        });
      }
    },
    { tags, consumes: ['multipart/form-data'], responses: { 422: envelopeSchema(importRejectionSchema) } },
  );

  rawRoute(
    app,
    api.importTemplate,
    HEAD_OFFICE,
    async ({ reply }) => {
      template ??= buildTemplate().catch((error: unknown) => {
        template = null;
        throw error;
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(TEMPLATE_FILENAME))
        .header('cache-control', 'private, no-store')
        .send(await template);
    },
    { tags, body: null },
  );
}
