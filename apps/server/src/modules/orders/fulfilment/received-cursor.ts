/**
 * The keyset of the received-orders list: the last row's `taken_at` (as PostgreSQL text, to the microsecond,
 * so no row is skipped or repeated by rounding) and id, newest first. Opaque to the client: base64url JSON.
 */
export type ReceivedCursor = { takenAt: string; id: number };

const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: ReceivedCursor): string {
  return Buffer.from(JSON.stringify([cursor.takenAt, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor a client sent back, or null when it is not one we issued. */
export function decodeCursor(value: string): ReceivedCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [takenAt, id] = parsed as unknown[];
    if (typeof takenAt !== 'string' || !TIMESTAMP_PATTERN.test(takenAt)) return null;
    if (Number.isNaN(Date.parse(takenAt))) return null;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
    return { takenAt, id };
  } catch {
    return null;
  }
}
