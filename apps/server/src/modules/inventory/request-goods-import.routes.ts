import {
  REQUEST_GOODS_IMPORT_MAX_BYTES,
  envelopeSchema,
  inventoryIoEndpoints as api,
  requestGoodsImportRejectionSchema,
} from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import type { Database } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { access, ANY_STAFF, rawRoute, route } from '../../http/route.js';
import { readSingleUpload } from '../../http/upload.js';
import { XLSX_CONTENT_TYPE, attachmentHeader, looksLikeXlsx } from '../../platform/xlsx-import.js';
import { LinesRejectedError, TEMPLATE_FILENAME, createRequestGoodsImport } from './request-goods-import.js';
import { REQUEST_GOODS_PERMISSION as RG } from './request-goods.service.js';

const tags = ['inventory'];

/**
 * 要货管理's catalogue choices and Excel lines (docs/domain/inventory.md "Request goods"): reading a file saves
 * nothing, it answers the lines for the apply dialog, which the clerk then submits. The store comes from the
 * `X-Store-Code` header (a form upload and a GET carry no body field).
 */
export function requestGoodsImportRoutes(app: AppInstance, db: Database): void {
  const catalogue = createRequestGoodsImport(db);
  let template: Promise<Buffer> | null = null;

  route(app, api.skuOptions, access.store(ANY_STAFF), ({ input }) => catalogue.skuOptions(input), { tags });

  // The access checks run before the upload is read: a refused caller never gets to send the file.
  rawRoute(
    app,
    api.requestGoodsImport,
    access.store(RG, null),
    async ({ request, reply }) => {
      const upload = await readSingleUpload(request, {
        maxBytes: REQUEST_GOODS_IMPORT_MAX_BYTES,
        label: '导入文件',
      });
      if (!looksLikeXlsx(upload.filename, upload.bytes))
        throw badRequest('请上传 .xlsx 格式的 Excel 文件（可下载模板填写）', 'IMPORT_NOT_XLSX');
      try {
        return ok(await catalogue.readLines(upload.bytes));
      } catch (error) {
        if (!(error instanceof LinesRejectedError)) throw error;
        return reply.code(422).send({
          result: 1,
          data: { errors: error.errors, errorCount: error.errorCount },
          errorMsg: error.message,
          errorCode: error.errorCode,
        });
      }
    },
    {
      tags,
      consumes: ['multipart/form-data'],
      responses: { 422: envelopeSchema(requestGoodsImportRejectionSchema) },
    },
  );

  rawRoute(
    app,
    api.requestGoodsImportTemplate,
    access.store(RG, null),
    async ({ reply }) => {
      template ??= catalogue.templateBytes().catch((error: unknown) => {
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
