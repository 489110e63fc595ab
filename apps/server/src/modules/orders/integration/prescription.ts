import {
  PRESCRIPTION_TYPES,
  base64Bytes,
  parsePrescriptionDataUrl,
  type PushPrescription,
} from '@console/contract';
import { AppError } from '../../../http/errors.js';

export const PRESCRIPTION_TEXT = {
  typeMismatch: '处方文件名与文件类型不符',
  contentMismatch: '处方文件内容与文件类型不符',
};

/** The first bytes each allowed type starts with. */
const SIGNATURES: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** What the `prescription_attached` log row keeps (downloadPrescription answers fileName and dataUrl). */
export type PrescriptionRecord = {
  fileName: string;
  dataUrl: string;
  mimeType: string;
  sizeBytes: number;
};

/**
 * A pushed prescription the schema let through (shape, allowed type, size): the file name's extension must
 * name the data URL's type, and the content must start like a file of that type; else 422, nothing written.
 */
export function checkPrescription(prescription: PushPrescription): PrescriptionRecord {
  const parsed = parsePrescriptionDataUrl(prescription.dataUrl);
  const extension = /\.([a-z]+)$/i.exec(prescription.fileName)?.[1]?.toLowerCase() ?? '';
  if (!parsed || PRESCRIPTION_TYPES[extension] !== parsed.mime)
    throw new AppError(422, 'PRESCRIPTION_TYPE_MISMATCH', PRESCRIPTION_TEXT.typeMismatch);
  const signature = SIGNATURES[parsed.mime] ?? [];
  // Enough base64 for the signature: every 4 characters are 3 bytes.
  const head = Buffer.from(parsed.base64.slice(0, Math.ceil(signature.length / 3) * 4), 'base64');
  if (signature.some((byte, i) => head[i] !== byte))
    throw new AppError(422, 'PRESCRIPTION_CONTENT_MISMATCH', PRESCRIPTION_TEXT.contentMismatch);
  return {
    fileName: prescription.fileName,
    dataUrl: prescription.dataUrl,
    mimeType: parsed.mime,
    sizeBytes: base64Bytes(parsed.base64),
  };
}
