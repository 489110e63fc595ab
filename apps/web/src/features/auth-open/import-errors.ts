import type { ImportRejection, ImportRowError } from '@console/contract';
import { AUTH_OPEN_LABELS } from './labels';

export type ImportErrorRow = ImportRowError & { key: string; rowText: string; fieldText: string };

/** Row errors as the table shows them: by row, then column order of the template, with readable names. */
export function importErrorRows(errors: readonly ImportRowError[]): ImportErrorRow[] {
  const order = Object.keys(AUTH_OPEN_LABELS.fields);
  return [...errors]
    .sort((a, b) => a.row - b.row || order.indexOf(a.field) - order.indexOf(b.field))
    .map((error, index) => ({
      ...error,
      key: `${error.row}-${error.field}-${index}`,
      rowText:
        error.row > 0
          ? AUTH_OPEN_LABELS.importCard.rowNumber(error.row)
          : AUTH_OPEN_LABELS.importCard.wholeFile,
      fieldText: AUTH_OPEN_LABELS.fields[error.field],
    }));
}

/** The `data` of a 422 import answer, or null when the body is anything else. */
export function importRejectionOf(body: unknown): ImportRejection | null {
  if (typeof body !== 'object' || body === null) return null;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const { errors, errorCount } = data as { errors?: unknown; errorCount?: unknown };
  if (!Array.isArray(errors)) return null;
  const valid = errors.filter(
    (e): e is ImportRowError =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as ImportRowError).row === 'number' &&
      typeof (e as ImportRowError).message === 'string' &&
      (e as ImportRowError).field in AUTH_OPEN_LABELS.fields,
  );
  return { errors: valid, errorCount: typeof errorCount === 'number' ? errorCount : valid.length };
}

/** Client-side check before uploading, so an obviously wrong file never leaves the browser. */
export function uploadProblem(file: { name: string; size: number }, maxBytes: number): string | null {
  if (!/\.xlsx$/i.test(file.name)) return AUTH_OPEN_LABELS.importCard.onlyXlsx;
  if (file.size > maxBytes) return AUTH_OPEN_LABELS.importCard.tooLarge;
  return null;
}
