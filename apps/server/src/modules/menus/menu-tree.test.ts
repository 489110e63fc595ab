import { describe, expect, it } from 'vitest';
import { buildMenuTree, MENU_TYPE, type MenuRow } from './menu-tree.js';
import { permittedRows } from './menu.service.js';

let nextId = 1;
function row(overrides: Partial<MenuRow> & Pick<MenuRow, 'type' | 'title'>): MenuRow {
  return {
    id: nextId++,
    parentId: null,
    name: null,
    path: '',
    component: null,
    icon: null,
    sort: 0,
    hidden: false,
    noCache: false,
    external: false,
    ...overrides,
  };
}

describe('buildMenuTree', () => {
  it("shapes directories and pages as eladmin's routes", () => {
    const system = row({
      id: 1,
      type: MENU_TYPE.directory,
      title: '系统管理',
      path: 'system',
      icon: 'system',
    });
    const users = row({
      id: 2,
      parentId: 1,
      type: MENU_TYPE.page,
      title: '用户管理',
      name: 'User',
      path: '/user',
      component: 'system/user/index',
      icon: 'peoples',
    });
    const logs = row({ id: 3, parentId: 1, type: MENU_TYPE.directory, title: '日志', path: 'log' });
    const errors = row({
      id: 4,
      parentId: 3,
      type: MENU_TYPE.page,
      title: '错误日志',
      name: 'ErrorLog',
      path: 'error',
      component: 'monitor/error',
      noCache: true,
      hidden: true,
    });
    expect(buildMenuTree([system, users, logs, errors])).toEqual([
      {
        name: '系统管理',
        path: '/system',
        hidden: false,
        redirect: 'noredirect',
        component: 'Layout',
        alwaysShow: true,
        meta: { title: '系统管理', icon: 'system', noCache: false },
        children: [
          {
            name: 'User',
            path: 'user',
            hidden: false,
            redirect: null,
            component: 'system/user/index',
            alwaysShow: null,
            meta: { title: '用户管理', icon: 'peoples', noCache: false },
          },
          {
            name: '日志',
            path: 'log',
            hidden: false,
            redirect: 'noredirect',
            component: 'ParentView',
            alwaysShow: true,
            meta: { title: '日志', icon: null, noCache: false },
            children: [
              {
                name: 'ErrorLog',
                path: 'error',
                hidden: true,
                redirect: null,
                component: 'monitor/error',
                alwaysShow: null,
                meta: { title: '错误日志', icon: null, noCache: true },
              },
            ],
          },
        ],
      },
    ]);
  });

  it('leaves buttons out', () => {
    const dir = row({ id: 10, type: MENU_TYPE.directory, title: '订单', path: 'order' });
    const page = row({
      id: 11,
      parentId: 10,
      type: MENU_TYPE.page,
      title: '订单列表',
      name: 'OrderList',
      path: 'list',
      component: 'order/list',
    });
    const button = row({ id: 12, parentId: 11, type: MENU_TYPE.button, title: '导出' });
    const tree = buildMenuTree([dir, page, button]);
    expect(tree[0]!.children![0]!.children).toBeUndefined();
  });

  it('drops a directory left without children, at any depth', () => {
    const empty = row({ id: 20, type: MENU_TYPE.directory, title: '空目录', path: 'empty' });
    const outer = row({ id: 21, type: MENU_TYPE.directory, title: '外层', path: 'outer' });
    const inner = row({ id: 22, parentId: 21, type: MENU_TYPE.directory, title: '内层', path: 'inner' });
    const onlyButton = row({ id: 23, parentId: 22, type: MENU_TYPE.button, title: '按钮' });
    expect(buildMenuTree([empty, outer, inner, onlyButton])).toEqual([]);
  });

  it('drops rows whose parent is missing', () => {
    const orphan = row({
      id: 30,
      parentId: 999,
      type: MENU_TYPE.page,
      title: '孤儿',
      name: 'Orphan',
      path: 'orphan',
      component: 'x',
    });
    expect(buildMenuTree([orphan])).toEqual([]);
  });

  it('sorts siblings by sort, then id', () => {
    const dir = row({ id: 40, type: MENU_TYPE.directory, title: '目录', path: 'd' });
    const pages = [
      row({ id: 43, parentId: 40, type: MENU_TYPE.page, title: 'c', name: 'C', path: 'c', sort: 1 }),
      row({ id: 41, parentId: 40, type: MENU_TYPE.page, title: 'a', name: 'A', path: 'a', sort: 2 }),
      row({ id: 42, parentId: 40, type: MENU_TYPE.page, title: 'b', name: 'B', path: 'b', sort: 1 }),
    ];
    expect(buildMenuTree([dir, ...pages])[0]!.children!.map((c) => c.name)).toEqual(['B', 'C', 'A']);
  });

  it('wraps a top-level page in a Layout with an index child', () => {
    const page = row({
      id: 50,
      type: MENU_TYPE.page,
      title: '门店地图',
      name: 'StoreMap',
      path: 'map',
      component: 'store/map',
      icon: 'map',
    });
    expect(buildMenuTree([page])).toEqual([
      {
        name: '',
        path: '/map',
        hidden: false,
        redirect: null,
        component: 'Layout',
        alwaysShow: null,
        meta: { title: '门店地图', icon: 'map', noCache: false },
        children: [
          {
            name: 'StoreMap',
            path: 'index',
            hidden: false,
            redirect: null,
            component: 'store/map',
            alwaysShow: null,
            meta: { title: '门店地图', icon: 'map', noCache: false },
          },
        ],
      },
    ]);
  });

  it('keeps the http(s) address of external menus at any level', () => {
    const top = row({
      id: 60,
      type: MENU_TYPE.page,
      title: '帮助文档',
      path: 'https://help.example.com/docs',
      external: true,
    });
    const dir = row({ id: 61, type: MENU_TYPE.directory, title: '链接', path: 'links' });
    const nested = row({
      id: 62,
      parentId: 61,
      type: MENU_TYPE.page,
      title: 'AI 问答',
      path: 'https://ai.example.com',
      external: true,
    });
    const [wrapped, links] = buildMenuTree([top, dir, nested]);
    expect(wrapped!.path).toBe('https://help.example.com/docs');
    expect(wrapped!.children![0]).toMatchObject({ path: 'https://help.example.com/docs', component: '' });
    expect(links!.children![0]).toMatchObject({ path: 'https://ai.example.com', component: '' });
  });

  it('falls back to the title for the name and to the name for the component of a page', () => {
    const dir = row({ id: 70, type: MENU_TYPE.directory, title: '目录', path: 'dir' });
    const page = row({
      id: 71,
      parentId: 70,
      type: MENU_TYPE.page,
      title: '页面',
      name: 'PageKey',
      path: 'page',
    });
    const child = buildMenuTree([dir, page])[0]!.children![0]!;
    expect(child).toMatchObject({ name: 'PageKey', component: 'PageKey' });
    expect(buildMenuTree([dir, { ...page, name: null }])[0]!.children![0]).toMatchObject({
      name: '页面',
      component: '',
    });
  });
});

describe('permittedRows', () => {
  const all: MenuRow[] = [
    row({ id: 100, type: MENU_TYPE.directory, title: '目录', path: 'a' }),
    row({ id: 101, parentId: 100, type: MENU_TYPE.directory, title: '子目录', path: 'b' }),
    row({ id: 102, parentId: 101, type: MENU_TYPE.page, title: '页面', path: 'c' }),
    row({ id: 103, parentId: 101, type: MENU_TYPE.page, title: '另一页面', path: 'd' }),
  ];

  it('adds the directories above a granted page, and nothing else', () => {
    expect(permittedRows(all, new Set([102])).map((r) => r.id)).toEqual([100, 101, 102]);
  });

  it('opens no page for a granted button alone', () => {
    const button = row({ id: 104, parentId: 102, type: MENU_TYPE.button, title: '按钮' });
    expect(permittedRows([...all, button], new Set([104]))).toEqual([]);
  });

  it('grants nothing from nothing', () => {
    expect(permittedRows(all, new Set())).toEqual([]);
  });

  it('survives a parent cycle in bad data', () => {
    const cyclic = [
      row({ id: 200, parentId: 201, type: 0, title: 'x' }),
      row({ id: 201, parentId: 200, type: 0, title: 'y' }),
    ];
    expect(permittedRows(cyclic, new Set([200])).map((r) => r.id)).toEqual([200, 201]);
  });
});
