import { AUTH_PATHS, type MenuNode } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../../db/schema.js';
import { bearer, createUser, ensureRole, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MENU_TYPE } from './menu-tree.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const insert = async (values: typeof menus.$inferInsert) =>
    (await t.db.insert(menus).values(values).returning())[0]!.id;
  const stores = await insert({
    type: MENU_TYPE.directory,
    title: '门店管理',
    path: 'store',
    icon: 'shop',
    sort: 2,
  });
  const storeList = await insert({
    parentId: stores,
    type: MENU_TYPE.page,
    title: '门店列表',
    name: 'StoreList',
    path: 'list',
    component: 'store/list',
    sort: 1,
  });
  const editButton = await insert({
    parentId: storeList,
    type: MENU_TYPE.button,
    title: '编辑门店',
    permission: 'store:edit',
  });
  const storeMap = await insert({
    parentId: stores,
    type: MENU_TYPE.page,
    title: '门店地图',
    name: 'StoreMap',
    path: 'map',
    component: 'store/map',
    sort: 2,
  });
  const system = await insert({ type: MENU_TYPE.directory, title: '系统管理', path: 'system', sort: 1 });
  await insert({
    parentId: system,
    type: MENU_TYPE.page,
    title: '用户管理',
    name: 'User',
    path: 'user',
    component: 'system/user',
  });
  await insert({ type: MENU_TYPE.directory, title: '空目录', path: 'empty', sort: 3 });

  const clerk = await ensureRole(t.db, 'menu_clerk');
  await t.db.insert(roleMenus).values([
    { roleId: clerk.id, menuId: storeList },
    { roleId: clerk.id, menuId: editButton },
  ]);
  const mapper = await ensureRole(t.db, 'menu_mapper');
  await t.db.insert(roleMenus).values({ roleId: mapper.id, menuId: storeMap });
});
afterAll(() => t.close());

async function menusOf(roles: string[]): Promise<MenuNode[]> {
  const user = await createUser(t.db, { roles });
  const response = await t.app.inject({
    method: 'GET',
    url: AUTH_PATHS.menus,
    headers: bearer(await signIn(t.app, user)),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const titles = (nodes: MenuNode[]): unknown[] =>
  nodes.map((node) => (node.children ? [node.meta.title, titles(node.children)] : node.meta.title));

describe('GET /api/menus/buildSystem/8', () => {
  it('gives the admin role every menu, sorted, without buttons or empty directories', async () => {
    const tree = await menusOf(['admin']);
    expect(titles(tree)).toEqual([
      ['系统管理', ['用户管理']],
      ['门店管理', ['门店列表', '门店地图']],
    ]);
    expect(tree[1]).toMatchObject({
      path: '/store',
      component: 'Layout',
      redirect: 'noredirect',
      alwaysShow: true,
    });
    expect(tree[1]!.children![0]).toMatchObject({ name: 'StoreList', path: 'list', component: 'store/list' });
  });

  it("gives other users only their roles' menus and the directories above them", async () => {
    expect(titles(await menusOf(['menu_clerk']))).toEqual([['门店管理', ['门店列表']]]);
    expect(titles(await menusOf(['menu_clerk', 'menu_mapper']))).toEqual([
      ['门店管理', ['门店列表', '门店地图']],
    ]);
  });

  it('sends the permissions of granted menus and buttons among the roles, as eladmin does', async () => {
    const user = await createUser(t.db, { roles: ['menu_clerk'] });
    const response = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.info,
      headers: bearer(await signIn(t.app, user)),
    });
    expect(response.json().data.roles).toEqual(['menu_clerk', 'store:edit']);
    const mapper = await createUser(t.db, { roles: ['menu_mapper'] });
    const other = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.info,
      headers: bearer(await signIn(t.app, mapper)),
    });
    expect(other.json().data.roles).toEqual(['menu_mapper']);
  });

  it('gives a user without roles no menu', async () => {
    expect(await menusOf([])).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: AUTH_PATHS.menus });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/menus/known-path', () => {
  async function knownPath(path: string, roles: string[] = ['menu_clerk']) {
    const user = await createUser(t.db, { roles });
    return t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.menuPathKnown,
      query: { path },
      headers: bearer(await signIn(t.app, user)),
    });
  }

  it('knows every page of the menu, also one outside the caller’s menu, and no other path', async () => {
    for (const [path, known] of [
      ['/store/list', true],
      ['/system/user', true],
      ['/store/map/', true],
      ['/store', false],
      ['/store/list/edit', false],
      ['/nowhere', false],
    ] as const) {
      const response = await knownPath(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().data, path).toEqual({ known });
    }
  });

  it('refuses a path that is not one, and needs a session', async () => {
    const bad = await knownPath('store/list');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.menuPathKnown,
      query: { path: '/store/list' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
