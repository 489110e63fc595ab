import { describe, expect, it } from 'vitest';
import { importErrorRows, importRejectionOf, uploadProblem } from './import-errors';

describe('importErrorRows', () => {
  it('sorts by row, then template column, with readable row and column names', () => {
    const rows = importErrorRows([
      { row: 5, field: 'role', message: '角色不存在：保安' },
      { row: 3, field: 'phone', message: '手机号格式不正确' },
      { row: 5, field: 'workCode', message: '请填写工号' },
      { row: 0, field: 'file', message: '文件无法读取' },
    ]);
    expect(rows.map((r) => [r.rowText, r.fieldText, r.message])).toEqual([
      ['文件', '文件', '文件无法读取'],
      ['第3行', '手机号', '手机号格式不正确'],
      ['第5行', '工号', '请填写工号'],
      ['第5行', '角色', '角色不存在：保安'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });
});

describe('importRejectionOf', () => {
  it('reads the errors of a 422 body and drops malformed entries', () => {
    expect(
      importRejectionOf({
        result: 1,
        data: {
          errors: [
            { row: 2, field: 'name', message: '请填写姓名' },
            { row: 'x' },
            { row: 3, field: 'age', message: '?' },
          ],
          errorCount: 7,
        },
      }),
    ).toEqual({ errors: [{ row: 2, field: 'name', message: '请填写姓名' }], errorCount: 7 });
  });

  it('answers null for anything else', () => {
    expect(importRejectionOf(null)).toBeNull();
    expect(importRejectionOf('oops')).toBeNull();
    expect(importRejectionOf({ result: 1, data: null })).toBeNull();
    expect(importRejectionOf({ data: { errors: 'no' } })).toBeNull();
  });
});

describe('uploadProblem', () => {
  it('accepts only .xlsx files within the size limit', () => {
    expect(uploadProblem({ name: '名单.xlsx', size: 1000 }, 2048)).toBeNull();
    expect(uploadProblem({ name: '名单.XLSX', size: 1000 }, 2048)).toBeNull();
    expect(uploadProblem({ name: '名单.xls', size: 1000 }, 2048)).toBe('请上传 .xlsx 格式的 Excel 文件');
    expect(uploadProblem({ name: '名单.xlsx', size: 4096 }, 2048)).toBe('文件不能超过2MB');
  });
});
