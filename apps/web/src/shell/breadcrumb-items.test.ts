import type { MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, menuTrail } from './breadcrumb-items';

function node(title: string, path: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    name: title,
    path,
    component: 'x',
    hidden: false,
    redirect: null,
    alwaysShow: null,
    meta: { title, icon: null, noCache: false },
    ...extra,
  };
}

const menus: MenuNode[] = [
  node('订单管理', '/order', {
    component: 'Layout',
    redirect: 'noredirect',
    children: [node('抢单', 'rob-orders'), node('抢单详情', 'rob-order-detail', { hidden: true })],
  }),
  node('库存调拨', '/stock', {
    component: 'Layout',
    children: [node('调拨', 'transfer', { component: 'ParentView', children: [node('调入', 'in')] })],
  }),
];

describe('menuTrail', () => {
  it('finds the nodes above a page, hidden pages included', () => {
    expect(menuTrail(menus, '/order/rob-order-detail').map((step) => step.title)).toEqual([
      '订单管理',
      '抢单详情',
    ]);
    expect(menuTrail(menus, '/stock/transfer/in').map((step) => step.path)).toEqual([
      '/stock',
      '/stock/transfer',
      '/stock/transfer/in',
    ]);
    expect(menuTrail(menus, '/nowhere')).toEqual([]);
  });
});

describe('buildBreadcrumbs', () => {
  it('starts with 首页 and makes the last crumb and no-redirect crumbs plain text', () => {
    expect(buildBreadcrumbs(menuTrail(menus, '/order/rob-orders'), '首页')).toEqual([
      { path: '/dashboard', title: '首页', link: true },
      { path: '/order', title: '订单管理', link: false },
      { path: '/order/rob-orders', title: '抢单', link: false },
    ]);
  });

  it('links the middle crumbs that redirect', () => {
    const crumbs = buildBreadcrumbs(menuTrail(menus, '/stock/transfer/in'), '首页');
    expect(crumbs.map((crumb) => crumb.link)).toEqual([true, true, true, false]);
  });

  it('skips steps without a title or hidden from the breadcrumb', () => {
    const crumbs = buildBreadcrumbs(
      [
        { path: '/a', title: '' },
        { path: '/a/b', title: '乙', breadcrumb: false },
        { path: '/a/b/c', title: '丙' },
      ],
      '首页',
    );
    expect(crumbs.map((crumb) => crumb.title)).toEqual(['首页', '丙']);
  });

  it('is only 首页, as plain text, on the home page', () => {
    expect(buildBreadcrumbs([{ path: '/dashboard', title: '首页' }], '首页')).toEqual([
      { path: '/dashboard', title: '首页', link: false },
    ]);
  });
});
