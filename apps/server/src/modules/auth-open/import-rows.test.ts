import { describe, expect, it } from 'vitest';
import { checkImportRows, importSummary, type ImportLookups } from './import-rows.js';
import type { ImportRow } from './import-workbook.js';

const lookups: ImportLookups = {
  storeIdByCode: new Map([
    ['S01', 1],
    ['S02', 2],
  ]),
  roleIdByName: new Map([
    ['店长', 7],
    ['store_manager', 7],
  ]),
  users: [
    { id: 50, workCode: 'W050', phone: '13900000050', enabled: true, usernameKey: 'w050' },
    { id: 51, workCode: 'W051', phone: '13900000051', enabled: false, usernameKey: 'w051' },
    { id: 52, workCode: 'ADMIN9', phone: '13900000052', enabled: true, usernameKey: 'taken' },
  ],
};

const row = (n: number, values: Partial<ImportRow>): ImportRow => ({
  row: n,
  workCode: 'N001',
  name: '新人',
  phone: '13800000001',
  storeCodes: 'S01',
  role: '',
  ...values,
});

describe('checkImportRows', () => {
  it('plans good rows for new and existing users', () => {
    const { errors, plan } = checkImportRows(
      [
        row(2, { storeCodes: 'S01、S02，S01', role: '店长' }),
        row(3, { workCode: 'W050', phone: '13900000050', role: 'store_manager' }),
      ],
      lookups,
    );
    expect(errors).toEqual([]);
    expect(plan).toEqual([
      {
        row: 2,
        userId: null,
        workCode: 'N001',
        name: '新人',
        phone: '13800000001',
        storeIds: [1, 2],
        roleId: 7,
      },
      { row: 3, userId: 50, workCode: 'W050', name: '新人', phone: '13900000050', storeIds: [1], roleId: 7 },
    ]);
  });

  it('reports every problem of every row', () => {
    const { errors, plan } = checkImportRows(
      [
        row(2, { workCode: '', name: '', phone: '', storeCodes: '' }),
        row(3, { workCode: 'bad code!', phone: '1380000000x', storeCodes: 'S0 1,S09', role: '保安' }),
      ],
      lookups,
    );
    expect(plan).toEqual([]);
    expect(errors.map((e) => `${e.row}/${e.field}/${e.message}`)).toEqual([
      '2/workCode/请填写工号',
      '2/name/请填写姓名',
      '2/phone/请填写手机号',
      '2/storeCodes/请填写门店编号',
      '3/workCode/工号格式不正确',
      '3/phone/手机号格式不正确',
      '3/storeCodes/门店编号不存在：S0、1、S09',
      '3/role/角色不存在：保安',
    ]);
  });

  it('refuses users that clash with existing accounts', () => {
    const { errors } = checkImportRows(
      [
        row(2, { workCode: 'W050', phone: '13800000009' }),
        row(3, { workCode: 'N002', phone: '13900000050' }),
        row(4, { workCode: 'W051', phone: '13900000051' }),
        row(5, { workCode: 'TAKEN', phone: '13800000005' }),
      ],
      lookups,
    );
    expect(errors.map((e) => `${e.row}:${e.message}`)).toEqual([
      '2:该工号在系统中登记的手机号与文件不一致',
      '3:手机号已被工号W050使用',
      '4:该员工账号已停用',
      '5:工号与已有登录账号重名',
    ]);
  });
});

describe('importSummary', () => {
  it('names the first row and the total', () => {
    expect(importSummary([{ row: 3, field: 'phone', message: '手机号格式不正确' }])).toBe(
      '第3行：手机号格式不正确',
    );
    expect(
      importSummary([
        { row: 3, field: 'phone', message: '手机号格式不正确' },
        { row: 9, field: 'name', message: '请填写姓名' },
      ]),
    ).toBe('第3行：手机号格式不正确（共2处错误）');
    expect(importSummary([])).toBe('');
  });
});
