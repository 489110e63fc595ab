import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_CONTENT_TYPE, attachmentHeader, looksLikeXlsx } from '../platform/xlsx-import.js';
import { badRequest } from './errors.js';
import { readSingleUpload } from './upload.js';

/**
 * The HTTP side of every Excel import (auth-open's users, request goods' lines): reading the uploaded workbook,
 * answering a file whose rows were refused, and serving the module's template. What the rows mean stays the module's.
 */

/** The bytes of the one uploaded .xlsx file: over `maxBytes` is 413, anything but an .xlsx workbook is 400. */
export async function readXlsxUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const upload = await readSingleUpload(request, { maxBytes, label: '导入文件' });
  if (!looksLikeXlsx(upload.filename, upload.bytes))
    throw badRequest('请上传 .xlsx 格式的 Excel 文件（可下载模板填写）', 'IMPORT_NOT_XLSX');
  return upload.bytes;
}

/** A file refused for its rows: the first errors, their total, and the summary as the message. */
export type ImportRejection = {
  readonly errors: readonly unknown[];
  readonly errorCount: number;
  readonly message: string;
  readonly errorCode: string;
};

/** 422 with the row errors in `data`, so the dialog can list them beside the file. */
export function sendImportRejection(reply: FastifyReply, rejection: ImportRejection): FastifyReply {
  return reply.code(422).send({
    result: 1,
    data: { errors: rejection.errors, errorCount: rejection.errorCount },
    errorMsg: rejection.message,
    errorCode: rejection.errorCode,
  });
}

/**
 * A template download: the workbook is built on the first request and kept for the process; a build that fails is
 * forgotten, so the next request tries again.
 */
export function xlsxTemplate(filename: string, build: () => Promise<Buffer>) {
  let template: Promise<Buffer> | null = null;
  return async (reply: FastifyReply): Promise<FastifyReply> => {
    template ??= build().catch((error: unknown) => {
      template = null;
      throw error;
    });
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', attachmentHeader(filename))
      .header('cache-control', 'private, no-store')
      .send(await template);
  };
}
