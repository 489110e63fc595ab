import { DEPT_PATHS, type DeptNode, type DeptRow } from '@console/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments, shopGroups, stores, users } from '../../db/schema.js';
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
  '10.7.7.7',
);

let seq = 0;
const create = (parentId: number | null, extra: Record<string, unknown> = {}) =>
  ok<DeptRow>('POST', DEPT_PATHS.depts, { parentId, name: `部门${++seq}`, ...extra });

const lastAudit = async (action: string) => {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

const deptRow = async (id: number) =>
  (await t.db.select().from(departments).where(eq(departments.id, id)))[0];

function findNode(nodes: DeptNode[], id: number): DeptNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { roles: ['head_office', 'dept:add', 'dept:edit', 'dept:del'] });
  editor = { id: user.id, token: await signIn(t.app, user) };
  reader = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', 'dept:add', 'dept:del'] }));
});

afterAll(() => t.close());

describe('access', () => {
  const calls: [Method, string, Record<string, unknown>][] = [
    ['GET', DEPT_PATHS.tree, {}],
    ['POST', DEPT_PATHS.depts, { parentId: null, name: '匿名部门' }],
    ['PUT', DEPT_PATHS.depts, { id: 1, parentId: null, name: '匿名部门' }],
    ['PUT', DEPT_PATHS.enabled, { id: 1, enabled: false }],
    ['DELETE', DEPT_PATHS.depts, { id: 1 }],
  ];

  it('answers 401 to an anonymous caller and 403 to store staff holding the buttons; nothing changes', async () => {
    const before = await t.db.$count(departments);
    for (const [method, url, input] of calls) {
      const anonymous = await send(method, url, null, input);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().errorMsg).toMatch(CHINESE);
      const staff = await send(method, url, clerk, input);
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      expect(staff.json().errorMsg).toMatch(CHINESE);
    }
    expect(await t.db.$count(departments)).toBe(before);
  });

  it('lets head office without the buttons read the tree but not change it', async () => {
    await ok('GET', DEPT_PATHS.tree, {}, reader);
    const response = await send('POST', DEPT_PATHS.depts, reader, { parentId: null, name: '只读部门' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorMsg).toMatch(/权限/);
  });
});

describe('tree and create', () => {
  it('answers the tree sorted, with user counts per department, and audits a creation', async () => {
    const root = await create(null, { name: '测试总部' });
    const b = await create(root.id, { sort: 20 });
    const a = await create(root.id, { sort: 10 });
    const person = await createUser(t.db);
    await t.db.update(users).set({ deptId: a.id }).where(eq(users.id, person.id));

    const { tree } = await ok<{ tree: DeptNode[] }>('GET', DEPT_PATHS.tree, {}, reader);
    const node = findNode(tree, root.id)!;
    expect(node.children.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(node.children[0]).toMatchObject({ userCount: 1, enabled: true, parentId: root.id });

    const audit = await lastAudit('dept.create');
    expect(audit).toMatchObject({ userId: editor.id, ip: '10.7.7.7' });
    expect(audit!.detail).toMatchObject({ before: null, after: { id: a.id, parentId: root.id, sort: 10 } });
  });

  it('refuses bad input with a Chinese 400 and saves nothing', async () => {
    const before = await t.db.$count(departments);
    await refused('POST', DEPT_PATHS.depts, { parentId: null, name: '   ' }, 400, /请填写部门名称/);
    await refused('POST', DEPT_PATHS.depts, { parentId: null, name: '长'.repeat(33) }, 400, /不能超过32个字/);
    await refused('POST', DEPT_PATHS.depts, { parentId: 'x', name: '甲' }, 400, /上级部门不正确/);
    await refused('POST', DEPT_PATHS.depts, { parentId: null, name: '甲', sort: 10000 }, 400, /排序/);
    await refused('POST', DEPT_PATHS.depts, { name: '甲' }, 400, /上级部门不正确/);
    await refused('POST', DEPT_PATHS.depts, { parentId: 999999, name: '甲' }, 422, /上级部门不存在/);
    expect(await t.db.$count(departments)).toBe(before);
  });

  it('refuses a name its siblings have (409), allows it under another parent', async () => {
    const root = await create(null);
    const other = await create(null);
    await create(root.id, { name: '同名部门' });
    await refused(
      'POST',
      DEPT_PATHS.depts,
      { parentId: root.id, name: ' 同名部门 ' },
      409,
      /已有名为「同名部门」/,
    );
    await create(other.id, { name: '同名部门' });
    await refused(
      'POST',
      DEPT_PATHS.depts,
      { parentId: null, name: (await deptRow(root.id))!.name },
      409,
      /已有名为/,
    );
  });

  it('refuses an enabled department under a disabled parent (409), takes a disabled one', async () => {
    const root = await create(null, { enabled: false });
    await refused('POST', DEPT_PATHS.depts, { parentId: root.id, name: '启用的下级' }, 409, /已停用/);
    expect((await create(root.id, { enabled: false })).enabled).toBe(false);
  });

  it('refuses a ninth level (422)', async () => {
    let parent: number | null = null;
    for (let level = 0; level < 8; level++) parent = (await create(parent)).id;
    await refused('POST', DEPT_PATHS.depts, { parentId: parent, name: '第九级' }, 422, /最多8级/);
  });
});

describe('edit and move', () => {
  it('renames and moves, auditing before and after', async () => {
    const root = await create(null);
    const target = await create(null);
    const child = await create(root.id);
    const moved = await ok<DeptRow>('PUT', DEPT_PATHS.depts, {
      id: child.id,
      parentId: target.id,
      name: '搬走了',
      sort: 3,
    });
    expect(moved).toMatchObject({ parentId: target.id, name: '搬走了', sort: 3 });
    expect((await lastAudit('dept.update'))!.detail).toMatchObject({
      before: { parentId: root.id, name: child.name },
      after: { parentId: target.id, name: '搬走了' },
    });
  });

  it('refuses a move under itself or its own subtree (422) and leaves the tree as it was', async () => {
    const root = await create(null);
    const child = await create(root.id);
    const grandchild = await create(child.id);
    await refused(
      'PUT',
      DEPT_PATHS.depts,
      { id: root.id, parentId: root.id, name: root.name },
      422,
      /它自己或它的下级/,
    );
    await refused(
      'PUT',
      DEPT_PATHS.depts,
      { id: root.id, parentId: grandchild.id, name: root.name },
      422,
      /下级/,
    );
    expect((await deptRow(root.id))!.parentId).toBeNull();
  });

  it('refuses a missing department (404), a missing parent (422) and a sibling name (409)', async () => {
    const root = await create(null);
    const a = await create(root.id);
    const b = await create(root.id);
    await refused('PUT', DEPT_PATHS.depts, { id: 999999, parentId: null, name: '无' }, 404, /部门不存在/);
    await refused(
      'PUT',
      DEPT_PATHS.depts,
      { id: a.id, parentId: 999999, name: a.name },
      422,
      /上级部门不存在/,
    );
    await refused('PUT', DEPT_PATHS.depts, { id: a.id, parentId: root.id, name: b.name }, 409, /已有名为/);
  });

  it('refuses a move that would make the tree deeper than 8 levels', async () => {
    let parent: number | null = null;
    for (let level = 0; level < 6; level++) parent = (await create(parent)).id;
    const top = await create(null);
    const mid = await create(top.id);
    await create(mid.id);
    await refused('PUT', DEPT_PATHS.depts, { id: top.id, parentId: parent, name: top.name }, 422, /最多8级/);
  });
});

describe('enable and disable', () => {
  it('disables the subtree, enables one whose parent is enabled, refuses under a disabled parent', async () => {
    const root = await create(null);
    const child = await create(root.id);
    const grandchild = await create(child.id);
    const { changed } = await ok<{ changed: number }>('PUT', DEPT_PATHS.enabled, {
      id: root.id,
      enabled: false,
    });
    expect(changed).toBe(3);
    expect((await deptRow(grandchild.id))!.enabled).toBe(false);
    expect((await lastAudit('dept.disable'))!.detail).toMatchObject({
      after: { enabled: false, changed: 3 },
    });

    await refused('PUT', DEPT_PATHS.enabled, { id: child.id, enabled: true }, 409, /已停用，请先启用/);
    expect(
      (await ok<{ changed: number }>('PUT', DEPT_PATHS.enabled, { id: root.id, enabled: true })).changed,
    ).toBe(1);
    expect((await deptRow(child.id))!.enabled).toBe(false);
    await refused('PUT', DEPT_PATHS.enabled, { id: 999999, enabled: true }, 404, /部门不存在/);
    await refused('PUT', DEPT_PATHS.enabled, { id: root.id, enabled: 'yes' }, 400, /启用状态不正确/);
  });
});

describe('delete', () => {
  it('refuses while users belong to it or its subtree (409 naming the count), then while it has children', async () => {
    const root = await create(null);
    const child = await create(root.id);
    for (const deptId of [child.id, child.id, root.id]) {
      const person = await createUser(t.db);
      await t.db.update(users).set({ deptId }).where(eq(users.id, person.id));
    }
    await refused('DELETE', DEPT_PATHS.depts, { id: root.id }, 409, /还有3名用户/);
    await refused('DELETE', DEPT_PATHS.depts, { id: child.id }, 409, /还有2名用户/);
    await t.db.update(users).set({ deptId: null }).where(eq(users.deptId, child.id));
    await t.db.update(users).set({ deptId: null }).where(eq(users.deptId, root.id));
    await refused('DELETE', DEPT_PATHS.depts, { id: root.id }, 409, /还有1个下级部门/);
    expect(await t.db.$count(departments, eq(departments.id, root.id))).toBe(1);
  });

  it('refuses while stores belong to it', async () => {
    const dept = await create(null);
    const [group] = await t.db.insert(shopGroups).values({ frontTitle: '测试组' }).returning();
    await t.db.insert(stores).values({
      shopCode: 'DEPT01',
      shopName: '部门测试店',
      businessScopeName: '部门测试店',
      shopGroupId: group!.id,
      organizeId: dept.id,
    });
    await refused('DELETE', DEPT_PATHS.depts, { id: dept.id }, 409, /1家门店/);
  });

  it('deletes a leaf without users, audited; a second delete is 404; a bad id is 400', async () => {
    const root = await create(null);
    const leaf = await create(root.id);
    expect(await ok('DELETE', DEPT_PATHS.depts, { id: leaf.id })).toBeNull();
    expect(await deptRow(leaf.id)).toBeUndefined();
    expect((await lastAudit('dept.delete'))!.detail).toMatchObject({ before: { id: leaf.id }, after: null });
    await refused('DELETE', DEPT_PATHS.depts, { id: leaf.id }, 404, /部门不存在/);
    await refused('DELETE', DEPT_PATHS.depts, { id: 'abc' }, 400, /部门编号不正确/);
  });
});
