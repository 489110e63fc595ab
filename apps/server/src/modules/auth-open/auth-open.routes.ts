import {
  AUTH_OPEN_IMPORT_MAX_BYTES,
  AUTH_OPEN_PATHS,
  authOpenPageSchema,
  authOpenQueryBodySchema,
  authOpenRecordSchema,
  authOpenUserInfoSchema,
  checkUserInfoBodySchema,
  confirmOpenBodySchema,
  confirmOpenResultSchema,
  confirmOrRefuseBodySchema,
  envelopeSchema,
  importRejectionSchema,
  importResultSchema,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { ok, replies } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { readSingleUpload } from '../../http/upload.js';
import { callerOf } from '../../plugins/request-context.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createAuthOpenRepository } from './auth-open.repository.js';
import {
  AUTH_OPEN_MESSAGES,
  ImportRejectedError,
  createAuthOpenService,
  isHeadOffice,
} from './auth-open.service.js';
import {
  TEMPLATE_FILENAME,
  XLSX_CONTENT_TYPE,
  attachmentHeader,
  buildTemplate,
  looksLikeXlsx,
} from './import-workbook.js';

const TAGS = ['auth-open'];
const SIGNED_IN = [{ bearer: [] }];

export function authOpenRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createAuthOpenService({
    repo: createAuthOpenRepository(db),
    audit: createAuditLog(db, clock),
    clock,
    authCache: app.authCache,
  });
  /** The session is checked before the body, so an anonymous caller always gets 401. */
  const signedIn = { preValidation: app.authenticate };
  let template: Promise<Buffer> | null = null;

  app.post(
    AUTH_OPEN_PATHS.queryByUser,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "The caller's authorisation records, pending first (head office: any user's)",
        security: SIGNED_IN,
        body: authOpenQueryBodySchema,
        response: replies(authOpenPageSchema),
      },
    },
    async (request) => ok(await service.records(callerOf(request), request.body)),
  );

  app.post(
    AUTH_OPEN_PATHS.confirmOrRefuse,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Confirm (grants the store and role) or refuse one of the caller’s pending records',
        security: SIGNED_IN,
        body: confirmOrRefuseBodySchema,
        response: replies(authOpenRecordSchema),
      },
    },
    async (request) => ok(await service.decide(callerOf(request), request.body, clientOf(request))),
  );

  app.post(
    AUTH_OPEN_PATHS.checkUserInfo,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Head office: look a user up by work code or phone',
        security: SIGNED_IN,
        body: checkUserInfoBodySchema,
        response: replies(authOpenUserInfoSchema),
      },
    },
    async (request) => ok(await service.checkUser(callerOf(request), request.body)),
  );

  app.post(
    AUTH_OPEN_PATHS.confirmOpen,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Head office: open stores (and an optional role) for a user as pending records',
        security: SIGNED_IN,
        body: confirmOpenBodySchema,
        response: replies(confirmOpenResultSchema),
      },
    },
    async (request) => ok(await service.open(callerOf(request), request.body, clientOf(request))),
  );

  app.post(
    AUTH_OPEN_PATHS.batchImport,
    {
      // Authorisation before the upload is read: a refused caller never gets to send 2 MB.
      preHandler: [
        app.authenticate,
        async (request) => {
          if (!isHeadOffice(callerOf(request)))
            throw forbidden(AUTH_OPEN_MESSAGES.headOfficeOnly, 'HEAD_OFFICE_ONLY');
        },
      ],
      schema: {
        tags: TAGS,
        summary: 'Head office: import users and store openings from the Excel template (all or nothing)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        response: { ...replies(importResultSchema), 422: envelopeSchema(importRejectionSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readSingleUpload(request, {
        maxBytes: AUTH_OPEN_IMPORT_MAX_BYTES,
        label: '导入文件',
      });
      if (!looksLikeXlsx(upload.filename, upload.bytes))
        throw badRequest('请上传 .xlsx 格式的 Excel 文件（可下载模板填写）', 'IMPORT_NOT_XLSX');
      try {
        return ok(await service.importFile(callerOf(request), upload.bytes, clientOf(request)));
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
  );

  app.get(
    AUTH_OPEN_PATHS.importTemplate,
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Head office: the Excel import template (.xlsx)',
        security: SIGNED_IN,
      },
    },
    async (request, reply) => {
      if (!isHeadOffice(callerOf(request)))
        throw forbidden(AUTH_OPEN_MESSAGES.headOfficeOnly, 'HEAD_OFFICE_ONLY');
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
  );
}
