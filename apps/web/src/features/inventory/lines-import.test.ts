import { describe, expect, it } from 'vitest';
import { lineErrorsOf, lineFileProblem, skuOptionOf } from './lines-import';

describe('lines import helpers', () => {
  it('checks the file before it leaves the browser', () => {
    expect(lineFileProblem({ name: '要货.xlsx', size: 1000 })).toBeNull();
    expect(lineFileProblem({ name: '要货.XLSX', size: 1000 })).toBeNull();
    expect(lineFileProblem({ name: '要货.xls', size: 1000 })).toBe(
      '请上传 .xlsx 格式的 Excel 文件（可下载模板填写）',
    );
    expect(lineFileProblem({ name: '要货.xlsx', size: 1024 * 1024 + 1 })).toBe('文件不能超过1MB');
  });

  it('reads the row errors of a 422 answer and names rows and columns', () => {
    const read = lineErrorsOf({
      data: {
        errors: [
          { row: 4, field: 'skuCode', message: '商品编码不存在或已停用：X' },
          { row: 0, field: 'file', message: '文件中没有要导入的数据' },
          { row: 5, field: 'nope', message: 'ignored' },
        ],
        errorCount: 7,
      },
    });
    expect(read?.errorCount).toBe(7);
    expect(read?.rows.map((r) => [r.rowText, r.fieldText, r.message])).toEqual([
      ['第4行', '商品编码', '商品编码不存在或已停用：X'],
      ['文件', '文件', '文件中没有要导入的数据'],
    ]);
    expect(lineErrorsOf({ errorMsg: '网络错误' })).toBeNull();
    expect(lineErrorsOf(null)).toBeNull();
  });

  it('names a SKU by code, name and spec', () => {
    expect(skuOptionOf({ skuId: 3, skuCode: 'R1001', skuName: '鲜肉月饼', spec: '6枚/盒' })).toEqual({
      value: 3,
      label: 'R1001 鲜肉月饼 6枚/盒',
    });
  });
});
