import {
  LOG_RESULT_TEXT,
  LOGIN_LOG_COLUMN_TITLES,
  OPERATION_LOG_COLUMN_TITLES,
  type LoginLogExportBody,
  type LoginLogRow,
  type OperationLogExportBody,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { maskPhones, maskSecrets } from '../audit/audit-log.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createSystemToolsRepository, type LogCursor, type LogRow } from './system-tools.repository.js';
import { loginLogRowOf } from './system-tools.service.js';

/** A spreadsheet cell holds at most 32,767 characters; longer JSON is cut with a mark. */
const CELL_MAX_CHARS = 32_000;

/**
 * A value as the detail drawer shows it, on one line: secrets and mobile numbers masked again (rows written
 * before a mask rule existed are masked in the file all the same), '' for nothing.
 */
export function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(maskPhones(maskSecrets(value)));
  return text.length > CELL_MAX_CHARS ? `${text.slice(0, CELL_MAX_CHARS)}…（已截断）` : text;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const requestOf = (row: LogRow) => row.request as Record<string, unknown>;

const OPERATION_COLUMNS = titledColumns<LogRow, keyof typeof OPERATION_LOG_COLUMN_TITLES>(
  OPERATION_LOG_COLUMN_TITLES,
  [
    { key: 'createdAt', width: 20, format: 'time', cell: (r) => r.createdAt },
    { key: 'user', width: 12, cell: (r) => r.userName },
    { key: 'userAccount', width: 14, cell: (r) => r.userAccount },
    { key: 'action', width: 22, cell: (r) => r.action },
    { key: 'target', width: 24, cell: (r) => r.target },
    { key: 'store', width: 12, cell: (r) => r.storeCode ?? '' },
    { key: 'result', width: 8, cell: (r) => LOG_RESULT_TEXT[r.result === 'fail' ? 'fail' : 'ok'] },
    { key: 'ip', width: 16, cell: (r) => r.ip },
    {
      key: 'path',
      width: 36,
      cell: (r) => `${text(requestOf(r).method)} ${text(requestOf(r).path)}`.trim(),
    },
    { key: 'requestId', width: 38, cell: (r) => text(requestOf(r).id) },
    { key: 'params', width: 50, cell: (r) => jsonCell(requestOf(r).params) },
    { key: 'before', width: 40, cell: (r) => jsonCell(r.detail.before) },
    { key: 'after', width: 40, cell: (r) => jsonCell(r.detail.after) },
  ],
);

const LOGIN_COLUMNS = titledColumns<LoginLogRow, keyof typeof LOGIN_LOG_COLUMN_TITLES>(
  LOGIN_LOG_COLUMN_TITLES,
  [
    { key: 'createdAt', width: 20, format: 'time', cell: (r) => r.createdAt },
    { key: 'account', width: 16, cell: (r) => r.account },
    { key: 'user', width: 12, cell: (r) => r.userName },
    { key: 'result', width: 8, cell: (r) => LOG_RESULT_TEXT[r.result] },
    { key: 'method', width: 12, cell: (r) => r.method },
    { key: 'reason', width: 16, cell: (r) => r.reason },
    { key: 'ip', width: 16, cell: (r) => r.ip },
    { key: 'userAgent', width: 40, cell: (r) => r.userAgent },
  ],
);

/** Keyset pages of a log's rows, newest first. */
function pagesOf<Row>(
  batch: (before: LogCursor | null, limit: number) => Promise<LogRow[]>,
  rowOf: (row: LogRow) => Row,
) {
  return async function* pages(pageSize: number): AsyncIterable<Row[]> {
    for (let before: LogCursor | null = null; ;) {
      const rows = await batch(before, pageSize);
      if (rows.length === 0) return;
      yield rows.map(rowOf);
      if (rows.length < pageSize) return;
      const last = rows.at(-1)!;
      before = { createdAt: last.createdAt, id: last.id };
    }
  };
}

/** 操作日志 with the page's filters as an Excel source (the `operation-logs` export kind). */
export function operationLogExport(db: Database, filter: OperationLogExportBody): SheetSource<LogRow> {
  const reads = createSystemToolsRepository(db).operationExport(filter);
  return {
    columns: OPERATION_COLUMNS,
    countUpTo: (limit) => reads.countUpTo(limit),
    pages: pagesOf(
      (before, limit) => reads.batch(before, limit),
      (row) => row,
    ),
  };
}

/** 登录日志 with the page's filters as an Excel source (the `login-logs` export kind). */
export function loginLogExport(db: Database, filter: LoginLogExportBody): SheetSource<LoginLogRow> {
  const reads = createSystemToolsRepository(db).loginExport(filter);
  return {
    columns: LOGIN_COLUMNS,
    countUpTo: (limit) => reads.countUpTo(limit),
    pages: pagesOf((before, limit) => reads.batch(before, limit), loginLogRowOf),
  };
}
