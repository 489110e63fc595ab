import { ANNOUNCEMENT_ATTACHMENT_EXTENSIONS } from '@console/contract';
import { AppError } from '../../http/errors.js';
import type { Upload } from '../../http/upload.js';

type Extension = (typeof ANNOUNCEMENT_ATTACHMENT_EXTENSIONS)[number];

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const KINDS: Record<Extension, { contentType: string; starts?: number[] }> = {
  pdf: { contentType: 'application/pdf', starts: [0x25, 0x50, 0x44, 0x46] },
  png: { contentType: 'image/png', starts: [0x89, 0x50, 0x4e, 0x47] },
  jpg: { contentType: 'image/jpeg', starts: [0xff, 0xd8, 0xff] },
  jpeg: { contentType: 'image/jpeg', starts: [0xff, 0xd8, 0xff] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    starts: ZIP,
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', starts: ZIP },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    starts: ZIP,
  },
  txt: { contentType: 'text/plain; charset=utf-8' },
};

const FILE_NAME_MAX = 128;

const refused = (message: string) => new AppError(415, 'ANNOUNCEMENT_ATTACHMENT_TYPE', message);

/**
 * An attachment's kind by its extension, confirmed by its first bytes (a text file: UTF-8 without NUL), so a
 * renamed executable is refused. The stored content type comes from this table, never from the browser.
 */
export function checkAttachment(upload: Upload): { fileName: string; contentType: string; content: Buffer } {
  const fileName = (upload.filename.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  if (!fileName) throw refused('附件缺少文件名');
  if (fileName.length > FILE_NAME_MAX) throw refused(`附件文件名不能超过${FILE_NAME_MAX}个字符`);
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const kind = (KINDS as Record<string, (typeof KINDS)[Extension] | undefined>)[extension];
  const allowed = ANNOUNCEMENT_ATTACHMENT_EXTENSIONS.join('、');
  if (!kind) throw refused(`不支持的附件类型，仅支持：${allowed}`);
  const bytes = upload.bytes;
  const matches = kind.starts
    ? kind.starts.every((b, i) => bytes[i] === b)
    : !bytes.includes(0) && isUtf8(bytes);
  if (!matches) throw refused(`附件内容与扩展名“.${extension}”不符`);
  return { fileName, contentType: kind.contentType, content: bytes };
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
