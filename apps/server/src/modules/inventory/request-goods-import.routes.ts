import {
  REQUEST_GOODS_IMPORT_MAX_BYTES,
  envelopeSchema,
  inventoryIoEndpoints as api,
  requestGoodsImportRejectionSchema,
} from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import type { Database } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { access, ANY_STAFF, rawRoute, route } from '../../http/route.js';
import { readXlsxUpload, sendImportRejection, xlsxTemplate } from '../../http/xlsx-upload.js';
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
  const sendTemplate = xlsxTemplate(TEMPLATE_FILENAME, () => catalogue.templateBytes());

  route(app, api.skuOptions, access.store(ANY_STAFF), ({ input }) => catalogue.skuOptions(input), { tags });

  // The access checks run before the upload is read: a refused caller never gets to send the file.
  rawRoute(
    app,
    api.requestGoodsImport,
    access.store(RG, null),
    async ({ request, reply }) => {
      const bytes = await readXlsxUpload(request, REQUEST_GOODS_IMPORT_MAX_BYTES);
      try {
        return ok(await catalogue.readLines(bytes));
      } catch (error) {
        if (!(error instanceof LinesRejectedError)) throw error;
        return sendImportRejection(reply, error);
      }
    },
    {
      tags,
      consumes: ['multipart/form-data'],
      responses: { 422: envelopeSchema(requestGoodsImportRejectionSchema) },
    },
  );

  rawRoute(app, api.requestGoodsImportTemplate, access.store(RG, null), ({ reply }) => sendTemplate(reply), {
    tags,
    body: null,
  });
}
