import {
  AUTH_PATHS,
  MENU_ADMIN_PATHS,
  type MenuAdminNode,
  type MenuNode,
  type MenuRow,
} from '@console/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menus, roleMenus, roles } from '../../db/schema.js';
import { createUser, ensureRole, injectAs, signIn, type ApiMethod } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let editor: string;
let reader: string;
let clerk: string;

const CHINESE = /[\u4e00-\u9fa5]/;
type Method = ApiMethod;
const send = (method: Method, url: string, token: string | null, input: Record<string, unknown> = {}) =>
  injectAs(t.app, method, url, token, input, '10.8.8.8');

async function ok<T>(method: Method, url: string, input: Record<string, unknown>, token = admin): Promise<T> {
  const response = await send(method, url, token, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

let seq = 0;
const directory = (extra: Record<string, unknown> = {}) => ({
  parentId: null,
  type: 0,
  title: `目录${++seq}`,
  name: `Dir${seq}`,
  path: `/dir-${seq}`,
  ...extra,
});
const page = (parentId: number | null, extra: Record<string, unknown> = {}) => ({
  parentId,
  type: 1,
  title: `页面${++seq}`,
  name: `Page${seq}`,
  path: `page-${seq}`,
  component: 'Dict',
  ...extra,
});
const button = (parentId: number | null, extra: Record<string, unknown> = {}) => ({
  parentId,
  type: 2,
  title: `按钮${++seq}`,
  permission: `e2eMenu:b${seq}`,
  ...extra,
});
const create = (body: Record<string, unknown>) => ok<MenuRow>('POST', MENU_ADMIN_PATHS.menus, body);

const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

function find<N extends { children?: N[] }>(nodes: N[], hit: (node: N) => boolean): N | undefined {
  for (const node of nodes) {
    if (hit(node)) return node;
    const found = find(node.children ?? [], hit);
    if (found) return found;
  }
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  // The test database has no seeded menus: the buttons come as roles of the same name.
  admin = await signIn(
    t.app,
    await createUser(t.db, { roles: ['admin', 'menu:add', 'menu:edit', 'menu:del'] }),
  );
  editor = await signIn(t.app, await createUser(t.db, { roles: ['head_office', 'menu:add', 'menu:edit'] }));
  reader = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', 'menu:add', 'menu:del'] }));
});
afterAll(() => t.close());

describe('access', () => {
  it('answers 401 anonymously and 403 to store staff with the buttons; head office reads only', async () => {
    const before = await t.db.$count(menus);
    const calls: [Method, string, Record<string, unknown>][] = [
      ['GET', MENU_ADMIN_PATHS.tree, {}],
      ['POST', MENU_ADMIN_PATHS.menus, directory()],
      ['PUT', MENU_ADMIN_PATHS.menus, { id: 1, ...directory() }],
      ['DELETE', MENU_ADMIN_PATHS.menus, { id: 1 }],
    ];
    for (const [method, url, input] of calls) {
      expect((await send(method, url, null, input)).statusCode, `${method} ${url}`).toBe(401);
      const staff = await send(method, url, clerk, input);
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      expect(staff.json().errorMsg).toMatch(CHINESE);
    }
    await ok('GET', MENU_ADMIN_PATHS.tree, {}, reader);
    expect((await send('POST', MENU_ADMIN_PATHS.menus, reader, directory())).statusCode).toBe(403);
    expect(await t.db.$count(menus)).toBe(before);
  });
});

describe('tree and create', () => {
  it('answers the tree sorted, with buttons and role counts', async () => {
    const dir = await create(directory());
    const later = await create(page(dir.id, { sort: 20 }));
    const first = await create(page(dir.id, { sort: 10 }));
    const btn = await create(button(first.id));
    const { tree } = await ok<{ tree: MenuAdminNode[] }>('GET', MENU_ADMIN_PATHS.tree, {}, reader);
    const node = find(tree, (n) => n.id === dir.id)!;
    expect(node.children.map((c) => c.id)).toEqual([first.id, later.id]);
    expect(node.children[0]!.children.map((b) => b.permission)).toEqual([btn.permission]);
    expect(node.roleCount).toBe(1);
  });

  it('creates a directory, a page and a button, audits each, gives them to admin and shows them', async () => {
    const dir = await create(directory({ icon: 'ToolOutlined' }));
    expect(dir).toMatchObject({ component: 'Layout', permission: null });
    const child = await create(page(dir.id));
    const btn = await create(button(child.id));
    expect(btn).toMatchObject({ name: null, path: '', component: null });
    expect(await lastAudit('menu.create')).toMatchObject({ target: btn.title });

    const [adminRole] = await t.db.select().from(roles).where(eq(roles.permission, 'admin'));
    const links = await t.db.select().from(roleMenus).where(eq(roleMenus.menuId, child.id));
    expect(links.map((l) => l.roleId)).toEqual([adminRole!.id]);

    const shown = await ok<MenuNode[]>('GET', AUTH_PATHS.menus, {});
    const node = find(shown, (n) => n.path === dir.path)!;
    expect(node.children?.map((c) => c.meta.title)).toEqual([child.title]);
  });

  it('refuses bad input with a Chinese 400 and saves nothing', async () => {
    const before = await t.db.$count(menus);
    const bad: [Record<string, unknown>, RegExp][] = [
      [directory({ title: ' ' }), /请填写菜单标题/],
      [directory({ type: 5 }), /菜单类型不正确/],
      [directory({ path: null }), /请填写路由地址/],
      [directory({ path: '/a/../etc' }), /不能含 \.\./],
      [directory({ path: '/a b' }), /路由地址只能含/],
      [directory({ permission: 'x:y' }), /目录没有权限标识/],
      [page(null, { name: null }), /请填写路由名称/],
      [page(null, { name: '1abc' }), /路由名称以字母开头/],
      [page(null, { component: null }), /请填写组件名称/],
      [page(null, { component: '<script>' }), /组件名称以字母开头/],
      [page(null, { external: true, path: 'javascript:alert(1)' }), /http:\/\/ 或 https:\/\//],
      [page(null, { external: true, path: 'https://good.example@evil.example' }), /http:\/\//],
      [page(null, { external: true, path: 'data:text/html,x' }), /http:\/\//],
      [button(null, { permission: null }), /请填写权限标识/],
      [button(null, { permission: 'noColon' }), /权限标识形如/],
      [button(null, { path: '/x' }), /按钮没有路由地址/],
      [directory({ sort: -1 }), /排序须在0到9999之间/],
      [directory({ parentId: 'x' }), /上级菜单不正确/],
    ];
    for (const [body, message] of bad) {
      const response = await send('POST', MENU_ADMIN_PATHS.menus, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg, JSON.stringify(body)).toMatch(message);
    }
    expect(await t.db.$count(menus)).toBe(before);
  });

  it('refuses a wrong place, a taken name, an unknown icon or a container component with a Chinese 4xx', async () => {
    const dir = await create(directory());
    const child = await create(page(dir.id));
    const btn = await create(button(child.id));
    const before = await t.db.$count(menus);
    const bad: [Record<string, unknown>, number, RegExp][] = [
      [page(999_999), 422, /上级菜单不存在/],
      [page(child.id), 422, /目录和页面只能放在目录下/],
      [directory({ parentId: btn.id }), 422, /目录和页面只能放在目录下/],
      [button(dir.id), 422, /按钮只能放在页面下/],
      [page(dir.id, { name: child.name }), 409, new RegExp(`路由名称「${child.name}」已被其他菜单使用`)],
      [directory({ icon: 'EvilOutlined' }), 422, /请从图标列表中选择图标/],
      [page(dir.id, { component: 'Layout' }), 422, /不能是 Layout 或 ParentView/],
    ];
    for (const [body, status, message] of bad) {
      const response = await send('POST', MENU_ADMIN_PATHS.menus, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().errorMsg).toMatch(message);
    }
    expect(await t.db.$count(menus)).toBe(before);
  });

  it('accepts a page component the web does not register (it shows coming-soon)', async () => {
    const dir = await create(directory());
    expect(await create(page(dir.id, { component: 'NotYetBuilt' }))).toMatchObject({
      component: 'NotYetBuilt',
    });
  });

  it('lets nobody but admin set a permission they do not hold (403)', async () => {
    const dir = await create(directory());
    const child = await create(page(dir.id));
    const refused = await send(
      'POST',
      MENU_ADMIN_PATHS.menus,
      editor,
      button(child.id, { permission: 'order:ship' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMsg).toBe('不能设置自己没有的权限标识');
    await ok('POST', MENU_ADMIN_PATHS.menus, button(child.id, { permission: 'menu:add' }), editor);
  });
});

describe('edit', () => {
  it('renames a page and the holder sees it at the next menu load; audited before and after', async () => {
    const dir = await create(directory());
    const child = await create(page(dir.id));
    const holderRole = await ensureRole(t.db, `menu_holder_${seq}`);
    await t.db.insert(roleMenus).values({ roleId: holderRole.id, menuId: child.id });
    const holder = await signIn(t.app, await createUser(t.db, { roles: [holderRole.permission] }));
    const titleOf = async () =>
      find(await ok<MenuNode[]>('GET', AUTH_PATHS.menus, {}, holder), (n) => n.name === child.name)?.meta
        .title;
    expect(await titleOf()).toBe(child.title);

    await ok('PUT', MENU_ADMIN_PATHS.menus, {
      ...page(dir.id),
      id: child.id,
      name: child.name,
      title: '改名页面',
    });
    expect(await titleOf()).toBe('改名页面');
    const audit = await lastAudit('menu.update');
    expect(audit).toMatchObject({ target: String(child.id) });
    expect(audit!.detail).toMatchObject({ before: { title: child.title }, after: { title: '改名页面' } });
  });

  it('gives a changed button permission to its holders at their next request (auth cache dropped)', async () => {
    const dir = await create(directory());
    const child = await create(page(dir.id));
    const btn = await create(button(child.id));
    const holderRole = await ensureRole(t.db, `button_holder_${seq}`);
    await t.db
      .insert(roleMenus)
      .values([child.id, btn.id].map((menuId) => ({ roleId: holderRole.id, menuId })));
    const holder = await signIn(t.app, await createUser(t.db, { roles: [holderRole.permission] }));
    const rolesOf = async () => (await ok<{ roles: string[] }>('GET', AUTH_PATHS.info, {}, holder)).roles;
    expect(await rolesOf()).toContain(btn.permission);

    await ok('PUT', MENU_ADMIN_PATHS.menus, { ...btn, permission: 'e2eMenu:renamed' });
    const now = await rolesOf();
    expect(now).toContain('e2eMenu:renamed');
    expect(now).not.toContain(btn.permission);
  });

  it('refuses moving a menu under itself or its subtree, and children that would not fit', async () => {
    const outer = await create(directory());
    const inner = await create(directory({ parentId: outer.id, path: `inner-${seq}` }));
    const child = await create(page(inner.id));
    await create(button(child.id));
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...outer, parentId: outer.id }, 422, /不能把菜单移到它自己或它的下级之下/],
      [{ ...outer, parentId: inner.id }, 422, /不能把菜单移到它自己或它的下级之下/],
      [{ ...child, type: 0, component: null }, 422, /有不能放在目录下的子菜单/],
      [{ ...child, id: 999_999 }, 404, /菜单不存在/],
    ];
    for (const [body, status, message] of cases) {
      const response = await send('PUT', MENU_ADMIN_PATHS.menus, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().errorMsg).toMatch(message);
    }
    const [stored] = await t.db.select().from(menus).where(eq(menus.id, outer.id));
    expect(stored!.parentId).toBeNull();
  });

  it('keeps an icon the menu already has even when the picker does not list it', async () => {
    const dir = await create(directory());
    await t.db.update(menus).set({ icon: 'KeyOutlined' }).where(eq(menus.id, dir.id));
    await ok('PUT', MENU_ADMIN_PATHS.menus, { ...dir, icon: 'KeyOutlined', title: '保留图标' });
  });
});

describe('delete', () => {
  it('refuses a menu with children (409 naming how many) and a missing one (404)', async () => {
    const dir = await create(directory());
    await create(page(dir.id));
    await create(page(dir.id));
    const response = await send('DELETE', MENU_ADMIN_PATHS.menus, admin, { id: dir.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorMsg).toBe(`菜单「${dir.title}」下还有2个子菜单，请先删除子菜单`);
    expect((await send('DELETE', MENU_ADMIN_PATHS.menus, admin, { id: 999_999 })).statusCode).toBe(404);
    expect((await send('DELETE', MENU_ADMIN_PATHS.menus, admin, { id: 'x' })).statusCode).toBe(400);
  });

  it('deletes a menu roles hold: they lose it, and the audit row names them', async () => {
    const dir = await create(directory());
    const child = await create(page(dir.id));
    await ok('DELETE', MENU_ADMIN_PATHS.menus, { id: child.id });
    expect(await t.db.$count(menus, eq(menus.id, child.id))).toBe(0);
    expect(await t.db.$count(roleMenus, eq(roleMenus.menuId, child.id))).toBe(0);
    const audit = await lastAudit('menu.delete');
    expect(audit!.detail).toMatchObject({ before: { title: child.title, heldBy: ['admin'] }, after: null });
  });
});
