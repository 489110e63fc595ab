import {
  AUTH_OPEN_IMPORT_MAX_BYTES,
  authOpenEndpoints as api,
  envelopeSchema,
  importRejectionSchema,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { ok } from '../../http/envelope.js';
import { access, ANY_STAFF, rawRoute, route } from '../../http/route.js';
import { readXlsxUpload, sendImportRejection, xlsxTemplate } from '../../http/xlsx-upload.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createDataScopes, storeIdsInScope } from '../roles/data-scope.js';
import { createGrantableRoles } from '../roles/grantable-roles.js';
import { createAuthOpenRepository } from './auth-open.repository.js';
import { AUTH_OPEN_MESSAGES, ImportRejectedError, createAuthOpenService } from './auth-open.service.js';
import { TEMPLATE_FILENAME, buildTemplate } from './import-workbook.js';

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
  const sendTemplate = xlsxTemplate(TEMPLATE_FILENAME, buildTemplate);

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
      const bytes = await readXlsxUpload(request, AUTH_OPEN_IMPORT_MAX_BYTES);
      try {
        return ok(await service.importFile(caller(), bytes, clientOf(request)));
      } catch (error) {
        if (!(error instanceof ImportRejectedError)) throw error;
        return sendImportRejection(reply, error);
      }
    },
    { tags, consumes: ['multipart/form-data'], responses: { 422: envelopeSchema(importRejectionSchema) } },
  );

  rawRoute(app, api.importTemplate, HEAD_OFFICE, ({ reply }) => sendTemplate(reply), { tags, body: null });
}
