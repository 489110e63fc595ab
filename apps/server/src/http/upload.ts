import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';
import { nulCharacterPath } from './input-guard.js';

/** The largest file any upload route accepts; each route passes its own, smaller limit. */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

const MULTIPART = 'multipart/form-data';

/**
 * Registers multipart parsing. Only a route whose schema declares `consumes: ['multipart/form-data']` accepts it;
 * every other route keeps answering 415 to a form post, as before uploads existed.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
    if (!consumes?.includes(MULTIPART)) {
      throw new AppError(
        415,
        'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        '不支持的请求内容类型，请使用 application/json',
      );
    }
  });
}

export type Upload = { filename: string; mimetype: string; bytes: Buffer };

/**
 * Reads the one file of a multipart request into memory. A missing file is 400, a file over `maxBytes` is 413,
 * a non-multipart request is 415 — each with a Chinese message naming the problem.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  { maxBytes, label }: { maxBytes: number; label: string },
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UPLOAD_NOT_MULTIPART', `请以表单文件方式上传${label}`);
  }
  const limitText = `${label}不能超过${formatBytes(maxBytes)}`;
  let part;
  try {
    part = await request.file({ limits: { fileSize: Math.min(maxBytes, UPLOAD_LIMIT_BYTES) } });
  } catch (error) {
    throw uploadError(error, limitText);
  }
  if (!part) throw badRequest(`请选择要上传的${label}`, 'UPLOAD_MISSING');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    throw uploadError(error, limitText);
  }
  if (bytes.length === 0) throw badRequest(`上传的${label}是空文件`, 'UPLOAD_EMPTY');
  if (nulCharacterPath(part.filename) !== null) {
    throw badRequest(`${label}的文件名含有无法保存的空字符（\\u0000），请改名后上传`, 'NUL_CHARACTER');
  }
  return { filename: part.filename, mimetype: part.mimetype, bytes };
}

function uploadError(error: unknown, limitText: string): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'UPLOAD_TOO_LARGE', limitText);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('一次只能上传一个文件', 'UPLOAD_TOO_MANY');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT') {
    return new AppError(415, 'UPLOAD_NOT_MULTIPART', '上传内容格式不正确');
  }
  return badRequest('上传内容不完整，请重新上传', 'UPLOAD_BROKEN');
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)}MB` : `${Math.round(bytes / 1024)}KB`;
}
