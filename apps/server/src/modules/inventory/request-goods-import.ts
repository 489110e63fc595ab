import {
  REQUEST_GOODS_IMPORT_COLUMNS,
  REQUEST_GOODS_IMPORT_MAX_ROWS,
  TRANSFER_QUANTITY_MAX,
  type RequestGoodsImportResult,
  type RequestGoodsImportRowError,
  type SkuOption,
} from '@console/contract';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains, likeLiteral } from '../../db/like-pattern.js';
import { mapPage, numberedPageOf } from '../../db/paged-query.js';
import { skus } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { xlsxImport, type ImportRow } from '../../platform/xlsx-import.js';

export const TEMPLATE_FILENAME = '要货明细导入模板.xlsx';
/** A row whose SKU code starts with this is the template's sample and is skipped. */
export const SAMPLE_MARK = '示例';
/** The largest number of row errors sent back; the count says how many there are in all. */
const ROW_ERRORS_SENT = 200;

type Field = keyof typeof REQUEST_GOODS_IMPORT_COLUMNS;
export type LineRow = ImportRow<Field>;

const workbook = xlsxImport<Field>({
  columns: REQUEST_GOODS_IMPORT_COLUMNS,
  sheetName: '要货明细',
  maxRows: REQUEST_GOODS_IMPORT_MAX_ROWS,
  isSample: (row) => row.skuCode.startsWith(SAMPLE_MARK),
});

export const buildLinesTemplate = () =>
  workbook.buildTemplate({
    widths: { skuCode: 20, quantity: 14 },
    sample: { skuCode: `${SAMPLE_MARK}SKU001`, quantity: '10' },
    notes: [
      ['商品编码', '必填，商品的 SKU 编码（可在要货弹窗的商品搜索中查看）；同一商品只能填写一行'],
      ['要货数量', `必填，1 到 ${TRANSFER_QUANTITY_MAX} 之间的整数`],
      ['示例行', `商品编码以“${SAMPLE_MARK}”开头的行不会导入，可直接删除`],
      ['空行', '整行为空的行会被忽略'],
      ['行数', `每次最多导入${REQUEST_GOODS_IMPORT_MAX_ROWS}行；任一行有错误时整个文件都不会导入`],
    ],
  });

/** A rejected file: the route answers 422 with the row errors in `data`; no line is taken. */
export class LinesRejectedError extends AppError {
  readonly errors: RequestGoodsImportRowError[];
  readonly errorCount: number;

  constructor(errors: RequestGoodsImportRowError[]) {
    const first = errors[0]!;
    const head = first.row > 0 ? `第${first.row}行：${first.message}` : first.message;
    super(422, 'IMPORT_ROWS_INVALID', errors.length > 1 ? `${head}（共${errors.length}处错误）` : head);
    this.errors = errors.slice(0, ROW_ERRORS_SENT);
    this.errorCount = errors.length;
  }
}

const WHOLE_NUMBER = /^\d+$/;

/** Every problem of every row (not only the first), so one round of fixes is enough. */
export function checkLineRows(
  rows: readonly LineRow[],
  skuByCode: ReadonlyMap<string, SkuOption>,
): { errors: RequestGoodsImportRowError[]; lines: RequestGoodsImportResult['lines'] } {
  const errors: RequestGoodsImportRowError[] = [];
  const lines: RequestGoodsImportResult['lines'] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of rows) {
    const fail = (field: Field, message: string) => errors.push({ row: row.row, field, message });
    const before = errors.length;
    const code = row.skuCode.toUpperCase();
    const sku = skuByCode.get(code);
    if (!row.skuCode) fail('skuCode', '请填写商品编码');
    else if (!sku) fail('skuCode', `商品编码不存在或已停用：${row.skuCode}`);
    else if (firstRowOf.has(code))
      fail('skuCode', `商品与第${firstRowOf.get(code)}行重复，同一商品请合并为一行`);
    else firstRowOf.set(code, row.row);

    const quantity = Number(row.quantity);
    if (!row.quantity) fail('quantity', '请填写要货数量');
    else if (!WHOLE_NUMBER.test(row.quantity) || quantity < 1)
      fail('quantity', `要货数量须为正整数：${row.quantity}`);
    else if (quantity > TRANSFER_QUANTITY_MAX) fail('quantity', `要货数量不能超过${TRANSFER_QUANTITY_MAX}`);

    if (errors.length === before && sku) lines.push({ ...sku, quantity, row: row.row });
  }
  return { errors, lines };
}

/**
 * The catalogue behind request goods: the enabled SKUs as choices (a remote select) and the lines of an Excel
 * file checked against it. Nothing here reads or writes a store's data; the dialog submits the lines.
 */
export function createRequestGoodsImport(db: Database) {
  const option = { skuId: skus.id, skuCode: skus.skuCode, skuName: skus.name, spec: skus.spec };
  return {
    async skuOptions(f: { keyword?: string | null; pageNum: number; pageSize: number }) {
      const keyword = f.keyword?.trim();
      const where = and(
        eq(skus.enabled, true),
        keyword
          ? or(ilike(skus.skuCode, `${likeLiteral(keyword)}%`), ilike(skus.name, likeContains(keyword)))
          : undefined,
      );
      const page = await numberedPageOf(
        f,
        db.select(option).from(skus).where(where).orderBy(asc(skus.skuCode)).$dynamic(),
        db.select({ n: count() }).from(skus).where(where),
      );
      return mapPage(page, (row) => row);
    },

    templateBytes: buildLinesTemplate,

    /** All or nothing: a good file answers its lines; any problem throws `LinesRejectedError` naming each row. */
    async readLines(bytes: Buffer): Promise<RequestGoodsImportResult> {
      const parsed = await workbook.parse(bytes);
      if (!parsed.ok) throw new LinesRejectedError([{ row: 0, field: 'file', message: parsed.message }]);
      const codes = [...new Set(parsed.rows.map((r) => r.skuCode.toUpperCase()).filter(Boolean))];
      const found = codes.length
        ? await db
            .select(option)
            .from(skus)
            .where(and(inArray(sql`upper(${skus.skuCode})`, codes), eq(skus.enabled, true)))
        : [];
      const { errors, lines } = checkLineRows(
        parsed.rows,
        new Map(found.map((s) => [s.skuCode.toUpperCase(), s])),
      );
      if (errors.length) throw new LinesRejectedError(errors);
      return { lines };
    },
  };
}
