import {
  ERROR_LOG_COLUMN_TITLES,
  errorLogExportBodySchema,
  LOG_RESULT_TEXT,
  LOGIN_LOG_COLUMN_TITLES,
  OPERATION_LOG_COLUMN_TITLES,
  type LoginLogExportBody,
  type LoginLogRow,
  type OperationLogExportBody,
} from '@console/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { maskPhones, maskSecrets } from '../audit/audit-log.js';
import { titledColumns, type SheetColumn, type SheetSource } from '../exports/sheet-writer.js';
import {
  createSystemToolsRepository,
  type ClientErrorDbRow,
  type LogCursor,
  type LogRow,
  type ServerErrorDbRow,
} from './system-tools.repository.js';
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

/**
 * What a queued 异常日志 export keeps: the list's filters and whether the asker sees stacks on the page (the
 * administrator only), as it was when the job was queued (the runner has no caller).
 */
export const errorLogExportParams = z.object({ withStack: z.boolean(), filter: errorLogExportBodySchema });
export type ErrorLogExportParams = z.infer<typeof errorLogExportParams>;

type ErrorColumn<Row> = Omit<SheetColumn<Row>, 'header'> & { key: keyof typeof ERROR_LOG_COLUMN_TITLES };

/** A stack as one cell: '' for none, cut like the JSON cells. */
const stackCell = (stack: string | null) =>
  !stack ? '' : stack.length > CELL_MAX_CHARS ? `${stack.slice(0, CELL_MAX_CHARS)}…（已截断）` : stack;

/** The 堆栈 column goes into the file only for whom the page shows it; everyone else's file has none. */
const errorColumns = <Row>(columns: ErrorColumn<Row>[], withStack: boolean) =>
  titledColumns(
    ERROR_LOG_COLUMN_TITLES,
    columns.filter((column) => withStack || column.key !== 'stack'),
  );

const SERVER_ERROR_COLUMNS: ErrorColumn<ServerErrorDbRow>[] = [
  { key: 'createdAt', width: 20, format: 'time', cell: (r) => r.createdAt },
  { key: 'requestId', width: 38, cell: (r) => r.requestId },
  { key: 'path', width: 36, cell: (r) => `${r.method} ${r.path}` },
  { key: 'message', width: 40, cell: (r) => r.message },
  { key: 'stack', width: 60, cell: (r) => stackCell(r.stack) },
  { key: 'user', width: 12, cell: (r) => r.userName },
  { key: 'ip', width: 16, cell: (r) => r.ip },
];

const CLIENT_ERROR_COLUMNS: ErrorColumn<ClientErrorDbRow>[] = [
  { key: 'createdAt', width: 20, format: 'time', cell: (r) => r.createdAt },
  { key: 'kind', width: 12, cell: (r) => r.kind },
  { key: 'message', width: 40, cell: (r) => r.message },
  { key: 'pageUrl', width: 36, cell: (r) => r.pageUrl },
  { key: 'stack', width: 60, cell: (r) => stackCell(r.stack) },
  { key: 'user', width: 12, cell: (r) => r.userName },
  { key: 'store', width: 12, cell: (r) => r.storeCode ?? '' },
  { key: 'release', width: 14, cell: (r) => r.release },
];

/** Keyset pages of rows with `createdAt` and `id`, newest first. */
function keysetPages<Row extends LogCursor>(
  batch: (before: LogCursor | null, limit: number) => Promise<Row[]>,
) {
  return async function* pages(pageSize: number): AsyncIterable<Row[]> {
    for (let before: LogCursor | null = null; ;) {
      const rows = await batch(before, pageSize);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < pageSize) return;
      const last = rows.at(-1)!;
      before = { createdAt: last.createdAt, id: last.id };
    }
  };
}

/** 异常日志's server errors with the page's filters as an Excel source (the `error-logs` export kind). */
export function serverErrorLogExport(
  db: Database,
  params: ErrorLogExportParams,
): SheetSource<ServerErrorDbRow> {
  const reads = createSystemToolsRepository(db).serverErrorExport(params.filter);
  return {
    columns: errorColumns(SERVER_ERROR_COLUMNS, params.withStack),
    countUpTo: (limit) => reads.countUpTo(limit),
    pages: keysetPages((before, limit) => reads.batch(before, limit)),
  };
}

/** 异常日志's browser reports with the page's filters as an Excel source (the `client-error-logs` export kind). */
export function clientErrorLogExport(
  db: Database,
  params: ErrorLogExportParams,
): SheetSource<ClientErrorDbRow> {
  const reads = createSystemToolsRepository(db).clientErrorExport(params.filter);
  return {
    columns: errorColumns(CLIENT_ERROR_COLUMNS, params.withStack),
    countUpTo: (limit) => reads.countUpTo(limit),
    pages: keysetPages((before, limit) => reads.batch(before, limit)),
  };
}
