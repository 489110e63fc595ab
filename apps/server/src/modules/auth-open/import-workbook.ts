import { AUTH_OPEN_IMPORT_COLUMNS, AUTH_OPEN_IMPORT_MAX_ROWS } from '@console/contract';
import {
  xlsxImport,
  type ImportRow as RowOf,
  type ParsedWorkbook as ParsedOf,
} from '../../platform/xlsx-import.js';

export const TEMPLATE_FILENAME = '门店权限开通导入模板.xlsx';
export const DATA_SHEET = '用户信息';
/** A row whose work code starts with this is the template's sample and is skipped on import. */
export const SAMPLE_MARK = '示例';

type Field = keyof typeof AUTH_OPEN_IMPORT_COLUMNS;
/** One data row as typed, cell texts trimmed; `row` is the Excel row number. */
export type ImportRow = RowOf<Field>;
export type ParsedWorkbook = ParsedOf<Field>;

const workbook = xlsxImport<Field>({
  columns: AUTH_OPEN_IMPORT_COLUMNS,
  sheetName: DATA_SHEET,
  maxRows: AUTH_OPEN_IMPORT_MAX_ROWS,
  isSample: (row) => row.workCode.startsWith(SAMPLE_MARK),
});

/** The import template: the data sheet (header, one sample row, text-formatted columns) and an instructions sheet. */
export const buildTemplate = (): Promise<Buffer> =>
  workbook.buildTemplate({
    widths: { storeCodes: 36 },
    sample: {
      workCode: `${SAMPLE_MARK}W0001`,
      name: '张三',
      phone: '13800000000',
      storeCodes: 'BJ001、BJ002',
      role: '门店店员',
    },
    notes: [
      ['工号', '必填，字母、数字、-、_，最多32位；同一工号在文件中只能出现一次'],
      ['姓名', '必填，最多64个字'],
      ['手机号', '必填，11位手机号；新员工用此手机号以短信验证码登录'],
      ['门店编号', '必填，可填写多个，用顿号（、）或逗号分隔'],
      ['角色', '选填，填写云平台角色名称，如：店长、门店店员'],
      ['示例行', `工号以“${SAMPLE_MARK}”开头的行不会导入，可直接删除`],
      ['行数', `每次最多导入${AUTH_OPEN_IMPORT_MAX_ROWS}行；任一行有错误时整个文件都不会导入`],
    ],
  });

/** Reads the first sheet: columns found by their header names, empty rows and the sample row skipped. */
export const parseWorkbook = (bytes: Buffer): Promise<ParsedWorkbook> => workbook.parse(bytes);
