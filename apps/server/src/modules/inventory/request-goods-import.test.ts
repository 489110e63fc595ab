import { describe, expect, it } from 'vitest';
import { checkLineRows, LinesRejectedError, type LineRow } from './request-goods-import.js';

const sku = (skuId: number, skuCode: string) => ({ skuId, skuCode, skuName: `商品${skuId}`, spec: '' });
const catalogue = new Map([
  ['R1001', sku(1, 'R1001')],
  ['R1002', sku(2, 'r1002')],
]);
const row = (n: number, skuCode: string, quantity: string): LineRow => ({ row: n, skuCode, quantity });

describe('checkLineRows', () => {
  it('answers the lines of good rows in file order, codes in any case', () => {
    expect(checkLineRows([row(2, 'r1001', '3'), row(3, 'R1002', '100000')], catalogue)).toEqual({
      errors: [],
      lines: [
        { ...sku(1, 'R1001'), quantity: 3, row: 2 },
        { ...sku(2, 'r1002'), quantity: 100000, row: 3 },
      ],
    });
  });

  it('names every problem of every row', () => {
    const { errors, lines } = checkLineRows(
      [
        row(2, 'R1001', '1'),
        row(3, 'R1001', '-2'),
        row(4, 'X9', '2.5'),
        row(5, '', ''),
        row(6, 'R1002', '100001'),
        row(7, 'R1002', '1e3'),
      ],
      catalogue,
    );
    expect(errors).toEqual([
      { row: 3, field: 'skuCode', message: '商品与第2行重复，同一商品请合并为一行' },
      { row: 3, field: 'quantity', message: '要货数量须为正整数：-2' },
      { row: 4, field: 'skuCode', message: '商品编码不存在或已停用：X9' },
      { row: 4, field: 'quantity', message: '要货数量须为正整数：2.5' },
      { row: 5, field: 'skuCode', message: '请填写商品编码' },
      { row: 5, field: 'quantity', message: '请填写要货数量' },
      { row: 6, field: 'quantity', message: '要货数量不能超过100000' },
      { row: 7, field: 'skuCode', message: '商品与第6行重复，同一商品请合并为一行' },
      { row: 7, field: 'quantity', message: '要货数量须为正整数：1e3' },
    ]);
    expect(lines.map((l) => l.row)).toEqual([2]);
  });

  it('sums a rejection up by its first problem and the count', () => {
    const error = new LinesRejectedError([
      { row: 4, field: 'skuCode', message: '请填写商品编码' },
      { row: 5, field: 'quantity', message: '请填写要货数量' },
    ]);
    expect(error.message).toBe('第4行：请填写商品编码（共2处错误）');
    expect(error.statusCode).toBe(422);
    expect(
      new LinesRejectedError([{ row: 0, field: 'file', message: '文件中没有要导入的数据' }]).message,
    ).toBe('文件中没有要导入的数据');
  });
});
