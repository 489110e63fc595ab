import { DICT_ITEMS_MAX, DICT_PATHS, type DictItemRow, type DictTypeRow } from '@console/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDicts } from '../../db/seed/dicts.js';
import { auditLog, dictItems, dictTypes } from '../../db/schema.js';
import { adminCalls, CHINESE, type Method } from '../../test/admin-calls.js';
import { createUser, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let editor: { id: number; token: string };
let reader: string;
let clerk: string;

const { send, ok, refused } = adminCalls(
  () => t,
  () => editor.token,
  '10.9.8.7',
);

const lastAudit = async (action: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

let codeSeq = 0;
const newType = (extra: Record<string, unknown> = {}) =>
  ok<DictTypeRow>('POST', DICT_PATHS.types, {
    code: `test_dict_${++codeSeq}`,
    name: `测试字典${codeSeq}`,
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  await seedDicts(t.db);
  const user = await createUser(t.db, { roles: ['head_office', 'dict:add', 'dict:edit', 'dict:del'] });
  editor = { id: user.id, token: await signIn(t.app, user) };
  reader = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', 'dict:add', 'dict:edit'] }));
});

afterAll(() => t.close());

describe('access', () => {
  const calls: [Method, string, Record<string, unknown>][] = [
    ['GET', DICT_PATHS.types, {}],
    ['POST', DICT_PATHS.types, { code: 'x_anon', name: '匿名' }],
    ['PUT', DICT_PATHS.types, { id: 1, name: '匿名', enabled: true }],
    ['DELETE', DICT_PATHS.types, { id: 1 }],
    ['GET', DICT_PATHS.items, { typeId: 1 }],
    ['POST', DICT_PATHS.items, { typeId: 1, label: '匿名', value: 'anon' }],
    ['PUT', DICT_PATHS.items, { id: 1, label: '匿名', value: 'anon' }],
    ['PUT', DICT_PATHS.itemEnabled, { id: 1, enabled: false }],
    ['DELETE', DICT_PATHS.items, { id: 1 }],
  ];

  it('answers 401 to an anonymous caller on every route, the options read included', async () => {
    for (const [method, url, input] of [
      ...calls,
      ['GET', DICT_PATHS.options, { code: 'delivery_type' }] as const,
    ]) {
      const response = await send(method, url, null, input);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
  });

  it('answers 403 to store staff, even holding the button permissions, and writes nothing', async () => {
    const before = await t.db.$count(dictTypes);
    for (const [method, url, input] of calls) {
      const response = await send(method, url, clerk, input);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect(await t.db.$count(dictTypes)).toBe(before);
  });

  it('lets head office without the buttons read but not change', async () => {
    await ok('GET', DICT_PATHS.types, {}, reader);
    await refused('POST', DICT_PATHS.types, { code: 'ro_dict', name: '只读' }, 403, /权限/, reader);
    await refused('DELETE', DICT_PATHS.items, { id: 1 }, 403, /权限/, reader);
  });
});

describe('options: what every page reads', () => {
  it('answers the enabled items of a seeded dictionary in order, to store staff too', async () => {
    const options = await ok<{ code: string; name: string; items: { label: string; value: string }[] }>(
      'GET',
      DICT_PATHS.options,
      { code: 'delivery_type' },
      clerk,
    );
    expect(options).toEqual({
      code: 'delivery_type',
      name: '配送方式',
      items: [
        { value: 'express', label: '快递配送' },
        { value: 'store_delivery', label: '门店配送' },
        { value: 'pickup', label: '到店自提' },
      ],
    });
  });

  it('leaves out disabled items, answers no items for a disabled dictionary, 404 for an unknown one', async () => {
    const type = await newType();
    const a = await ok<DictItemRow>('POST', DICT_PATHS.items, {
      typeId: type.id,
      label: '甲',
      value: 'a',
      sort: 2,
    });
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '乙', value: 'b', sort: 1 });
    await ok('PUT', DICT_PATHS.itemEnabled, { id: a.id, enabled: false });
    const read = () => ok<{ items: unknown[] }>('GET', DICT_PATHS.options, { code: type.code }, clerk);
    expect((await read()).items).toEqual([{ label: '乙', value: 'b' }]);

    await ok('PUT', DICT_PATHS.types, { id: type.id, name: type.name, enabled: false });
    expect((await read()).items).toEqual([]);

    await refused('GET', DICT_PATHS.options, { code: 'no_such_dict' }, 404, /字典不存在/, clerk);
    await refused('GET', DICT_PATHS.options, { code: 'Bad-Code' }, 400, /字典编码/, clerk);
  });
});

describe('dictionaries', () => {
  it('lists by keyword over code and name, paged', async () => {
    const page = await ok<{ list: DictTypeRow[]; total: number }>('GET', DICT_PATHS.types, {
      keyword: '配送',
      pageSize: 5,
    });
    expect(page.list.map((r) => r.code)).toEqual(['delivery_type']);
    expect(page.list[0]).toMatchObject({ builtin: true, itemCount: 3, enabled: true });
    const byCode = await ok<{ list: DictTypeRow[] }>('GET', DICT_PATHS.types, { keyword: 'invoice_' });
    expect(byCode.list.map((r) => r.code).sort()).toEqual(['invoice_status', 'invoice_type']);
    const wildcard = await ok<{ total: number }>('GET', DICT_PATHS.types, { keyword: '%' });
    expect(wildcard.total).toBe(0);
    await refused('GET', DICT_PATHS.types, { pageSize: 500 }, 400, /每页条数不能超过50/);
  });

  it('creates one with an audit row naming who, where and what', async () => {
    const type = await newType({ description: '  说明  ', sort: 5 });
    expect(type).toMatchObject({ description: '说明', sort: 5, enabled: true, builtin: false, itemCount: 0 });
    const audit = await lastAudit('dict.type.create');
    expect(audit).toMatchObject({ userId: editor.id, target: type.code, ip: '10.9.8.7' });
    // The target names the dictionary; a key named `code` is masked in every audit row (it may be an SMS code).
    expect(audit!.detail).toMatchObject({ before: null, after: { name: type.name } });
  });

  it('refuses bad input with a Chinese 400 naming the field, and saves nothing', async () => {
    const before = await t.db.$count(dictTypes);
    await refused('POST', DICT_PATHS.types, { code: '1abc', name: '坏编码' }, 400, /字典编码/);
    await refused('POST', DICT_PATHS.types, { code: 'ok_code', name: '' }, 400, /请填写字典名称/);
    await refused(
      'POST',
      DICT_PATHS.types,
      { code: 'ok_code', name: '长'.repeat(33) },
      400,
      /不能超过32个字/,
    );
    await refused('POST', DICT_PATHS.types, { code: 'ok_code', name: '排序', sort: -1 }, 400, /排序/);
    await refused('POST', DICT_PATHS.types, { code: 'ok_code', name: '排序', sort: 1.5 }, 400, /排序/);
    await refused('PUT', DICT_PATHS.types, { id: 'x', name: '坏编号', enabled: true }, 400, /字典编号不正确/);
    expect(await t.db.$count(dictTypes)).toBe(before);
  });

  it('refuses a taken code or name with a 409', async () => {
    const type = await newType();
    await refused(
      'POST',
      DICT_PATHS.types,
      { code: type.code, name: '别的名字' },
      409,
      /字典编码「.+」已被使用/,
    );
    await refused(
      'POST',
      DICT_PATHS.types,
      { code: 'other_code', name: type.name },
      409,
      /字典名称「.+」已被使用/,
    );
    const second = await newType();
    await refused(
      'PUT',
      DICT_PATHS.types,
      { id: second.id, name: type.name, enabled: true },
      409,
      /已被使用/,
    );
  });

  it('edits name, description, sort and enabled but never the code, with before and after audited', async () => {
    const type = await newType();
    const edited = await ok<DictTypeRow>('PUT', DICT_PATHS.types, {
      id: type.id,
      code: 'changed_code',
      name: '改过的名字',
      description: '新说明',
      sort: 7,
      enabled: false,
    });
    expect(edited).toMatchObject({ code: type.code, name: '改过的名字', sort: 7, enabled: false });
    const audit = await lastAudit('dict.type.update');
    expect(audit!.detail).toMatchObject({
      before: { name: type.name, enabled: true },
      after: { name: '改过的名字' },
    });
    await refused('PUT', DICT_PATHS.types, { id: 999999, name: '无', enabled: true }, 404, /字典不存在/);
  });

  it('deletes an empty one; refuses one with items (naming the count) and a built-in one', async () => {
    const type = await newType();
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '一', value: '1' });
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '二', value: '2' });
    await refused('DELETE', DICT_PATHS.types, { id: type.id }, 409, /还有2个字典项/);

    const [builtin] = await t.db.select().from(dictTypes).where(eq(dictTypes.code, 'member_tag_group'));
    await refused('DELETE', DICT_PATHS.types, { id: builtin!.id }, 409, /系统内置字典/);

    const empty = await newType();
    expect(await ok('DELETE', DICT_PATHS.types, { id: empty.id })).toBeNull();
    expect(await t.db.$count(dictTypes, eq(dictTypes.id, empty.id))).toBe(0);
    const deleted = await lastAudit('dict.type.delete');
    expect(deleted).toMatchObject({ target: String(empty.id) });
    expect(deleted!.detail).toMatchObject({ before: { name: empty.name }, after: null });
    await refused('DELETE', DICT_PATHS.types, { id: empty.id }, 404, /字典不存在/);
  });
});

describe('items', () => {
  it('lists all of a type, disabled included, by sort; 404 for a missing type', async () => {
    const type = await newType();
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '后', value: 'z', sort: 9 });
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '前', value: 'a', sort: 1, enabled: false });
    const { list } = await ok<{ list: DictItemRow[] }>('GET', DICT_PATHS.items, { typeId: type.id });
    expect(list.map((i) => [i.label, i.enabled])).toEqual([
      ['前', false],
      ['后', true],
    ]);
    await refused('GET', DICT_PATHS.items, { typeId: 999999 }, 404, /字典不存在/);
    await refused('GET', DICT_PATHS.items, { typeId: 'abc' }, 400, /字典编号不正确/);
  });

  it('refuses bad input and duplicates within a type (409), but allows the same value in another type', async () => {
    const type = await newType();
    const other = await newType();
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '甲', value: 'a' });
    const before = await t.db.$count(dictItems);
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '', value: 'b' },
      400,
      /请填写字典标签/,
    );
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '乙', value: 'b c' },
      400,
      /不能含空格/,
    );
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '乙', value: 'v'.repeat(65) },
      400,
      /64/,
    );
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '乙', value: 'a' },
      409,
      /已有值为「a」/,
    );
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '甲', value: 'b' },
      409,
      /已有标签为「甲」/,
    );
    await refused('POST', DICT_PATHS.items, { typeId: 999999, label: '乙', value: 'b' }, 404, /字典不存在/);
    expect(await t.db.$count(dictItems)).toBe(before);
    await ok('POST', DICT_PATHS.items, { typeId: other.id, label: '甲', value: 'a' });
  });

  it('edits an item (not into a duplicate) and audits before and after', async () => {
    const type = await newType();
    const a = await ok<DictItemRow>('POST', DICT_PATHS.items, { typeId: type.id, label: '甲', value: 'a' });
    await ok('POST', DICT_PATHS.items, { typeId: type.id, label: '乙', value: 'b' });
    await refused('PUT', DICT_PATHS.items, { id: a.id, label: '乙', value: 'a' }, 409, /已有标签为「乙」/);
    const edited = await ok<DictItemRow>('PUT', DICT_PATHS.items, {
      id: a.id,
      label: '甲甲',
      value: 'aa',
      sort: 3,
    });
    expect(edited).toMatchObject({ label: '甲甲', value: 'aa', sort: 3 });
    expect((await lastAudit('dict.item.update'))!.detail).toMatchObject({
      before: { label: '甲', value: 'a', typeCode: type.code },
      after: { label: '甲甲', value: 'aa' },
    });
    await refused('PUT', DICT_PATHS.items, { id: 999999, label: '无', value: 'x' }, 404, /字典项不存在/);
  });

  it('keeps a built-in item’s value and refuses its deletion, but lets it be re-worded and disabled', async () => {
    const [express] = await t.db
      .select()
      .from(dictItems)
      .where(and(eq(dictItems.value, 'express'), eq(dictItems.builtin, true)));
    await refused(
      'PUT',
      DICT_PATHS.items,
      { id: express!.id, label: '快递', value: 'courier' },
      409,
      /不能修改/,
    );
    await refused('DELETE', DICT_PATHS.items, { id: express!.id }, 409, /不能删除，可停用/);
    await ok('PUT', DICT_PATHS.items, { id: express!.id, label: '快递到家', value: 'express', sort: 10 });
    const disabled = await ok<DictItemRow>('PUT', DICT_PATHS.itemEnabled, {
      id: express!.id,
      enabled: false,
    });
    expect(disabled.enabled).toBe(false);
    expect((await lastAudit('dict.item.disable'))!.detail).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    await ok('PUT', DICT_PATHS.itemEnabled, { id: express!.id, enabled: true });
    await ok('PUT', DICT_PATHS.items, { id: express!.id, label: '快递配送', value: 'express', sort: 10 });

    // The seed, run again, leaves head office's changes alone and adds nothing twice.
    expect(await seedDicts(t.db)).toBe(0);
  });

  it('deletes a custom item with an audit row; a second delete is 404', async () => {
    const type = await newType();
    const a = await ok<DictItemRow>('POST', DICT_PATHS.items, { typeId: type.id, label: '甲', value: 'a' });
    await ok('DELETE', DICT_PATHS.items, { id: a.id });
    expect((await lastAudit('dict.item.delete'))!.detail).toMatchObject({
      before: { value: 'a' },
      after: null,
    });
    await refused('DELETE', DICT_PATHS.items, { id: a.id }, 404, /字典项不存在/);
  });

  it(`stops at ${DICT_ITEMS_MAX} items a dictionary`, async () => {
    const type = await newType();
    await t.db.insert(dictItems).values(
      Array.from({ length: DICT_ITEMS_MAX }, (_, i) => ({
        typeId: type.id,
        label: `项${i}`,
        value: `v${i}`,
      })),
    );
    await refused(
      'POST',
      DICT_PATHS.items,
      { typeId: type.id, label: '多一个', value: 'more' },
      409,
      /最多200个/,
    );
    expect(await t.db.$count(dictItems, like(dictItems.value, 'more'))).toBe(0);
  });
});
