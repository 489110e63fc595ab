import {
  AUTH_OPEN_STORES_MAX,
  MOBILE_PATTERN,
  WORK_CODE_PATTERN,
  isStoreCode,
  splitStoreCodes,
  type ImportRowError,
} from '@console/contract';
import type { ImportRow } from './import-workbook.js';

const NAME_MAX = 64;

export type KnownUser = {
  id: number;
  workCode: string;
  phone: string | null;
  enabled: boolean;
  usernameKey: string;
};

/** What the rows are checked against, loaded in a few queries before validation. */
export type ImportLookups = {
  storeIdByCode: ReadonlyMap<string, number>;
  /** Cloud-platform roles by name and by permission. */
  roleIdByName: ReadonlyMap<string, number>;
  users: readonly KnownUser[];
};

/** What one good row asks for: an existing user (`userId`) or a new one, its stores and optional role. */
export type PlannedRow = {
  row: number;
  userId: number | null;
  workCode: string;
  name: string;
  phone: string;
  storeIds: number[];
  roleId: number | null;
};

export type ImportCheck = { errors: ImportRowError[]; plan: PlannedRow[] };

/** Every problem of every row (not only the first), so one round of fixes is enough. */
export function checkImportRows(rows: readonly ImportRow[], lookups: ImportLookups): ImportCheck {
  const errors: ImportRowError[] = [];
  const plan: PlannedRow[] = [];
  const byWorkCode = new Map(lookups.users.map((u) => [u.workCode, u]));
  const byPhone = new Map(lookups.users.filter((u) => u.phone).map((u) => [u.phone!, u]));
  const byUsername = new Map(lookups.users.map((u) => [u.usernameKey, u]));
  const firstRowOfWorkCode = new Map<string, number>();
  const firstRowOfPhone = new Map<string, number>();

  for (const row of rows) {
    const fail = (field: ImportRowError['field'], message: string) =>
      errors.push({ row: row.row, field, message });
    const before = errors.length;

    if (!row.workCode) fail('workCode', '请填写工号');
    else if (!WORK_CODE_PATTERN.test(row.workCode)) fail('workCode', '工号格式不正确');
    else if (firstRowOfWorkCode.has(row.workCode))
      fail('workCode', `工号与第${firstRowOfWorkCode.get(row.workCode)}行重复`);
    else firstRowOfWorkCode.set(row.workCode, row.row);

    if (!row.name) fail('name', '请填写姓名');
    else if (row.name.length > NAME_MAX) fail('name', `姓名不能超过${NAME_MAX}个字`);

    if (!row.phone) fail('phone', '请填写手机号');
    else if (!MOBILE_PATTERN.test(row.phone)) fail('phone', '手机号格式不正确');
    else if (firstRowOfPhone.has(row.phone))
      fail('phone', `手机号与第${firstRowOfPhone.get(row.phone)}行重复`);
    else firstRowOfPhone.set(row.phone, row.row);

    const storeIds: number[] = [];
    const codes = splitStoreCodes(row.storeCodes);
    if (!codes.length) fail('storeCodes', '请填写门店编号');
    else if (codes.length > AUTH_OPEN_STORES_MAX)
      fail('storeCodes', `每行最多填写${AUTH_OPEN_STORES_MAX}个门店编号`);
    else {
      const malformed = codes.filter((code) => !isStoreCode(code));
      const unknown = codes.filter((code) => isStoreCode(code) && !lookups.storeIdByCode.has(code));
      if (malformed.length) fail('storeCodes', `门店编号格式不正确：${malformed.join('、')}`);
      if (unknown.length) fail('storeCodes', `门店编号不存在：${unknown.join('、')}`);
      for (const code of codes) {
        const id = lookups.storeIdByCode.get(code);
        if (id != null) storeIds.push(id);
      }
    }

    let roleId: number | null = null;
    if (row.role) {
      roleId = lookups.roleIdByName.get(row.role) ?? null;
      if (roleId == null) fail('role', `角色不存在：${row.role}`);
    }

    // Who the row is: an existing user only when work code and phone both point at that same user.
    let userId: number | null = null;
    if (WORK_CODE_PATTERN.test(row.workCode) && MOBILE_PATTERN.test(row.phone)) {
      const owner = byWorkCode.get(row.workCode);
      const phoneOwner = byPhone.get(row.phone);
      if (owner && owner.phone !== row.phone) fail('phone', '该工号在系统中登记的手机号与文件不一致');
      else if (!owner && phoneOwner) fail('phone', `手机号已被工号${phoneOwner.workCode}使用`);
      else if (owner && !owner.enabled) fail('workCode', '该员工账号已停用');
      else if (owner) userId = owner.id;
      else if (byUsername.has(row.workCode.toLowerCase())) fail('workCode', '工号与已有登录账号重名');
    }

    if (errors.length === before)
      plan.push({
        row: row.row,
        userId,
        workCode: row.workCode,
        name: row.name,
        phone: row.phone,
        storeIds,
        roleId,
      });
  }
  return { errors, plan };
}

/** The one-line summary of a rejected import: the first problem, and how many there are in all. */
export function importSummary(errors: readonly ImportRowError[]): string {
  const first = errors[0];
  if (!first) return '';
  const head = first.row > 0 ? `第${first.row}行：${first.message}` : first.message;
  return errors.length > 1 ? `${head}（共${errors.length}处错误）` : head;
}
