import type { MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { openKeysFor, sidebarItems } from './menu-items';

function node(name: string, path: string, component: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    name,
    path,
    component,
    hidden: false,
    redirect: null,
    alwaysShow: null,
    meta: { title: name, icon: null, noCache: true },
    ...extra,
  };
}

const menus: MenuNode[] = [
  node('订单', '/order', 'Layout', {
    meta: { title: '订单', icon: 'order', noCache: true },
    children: [
      node('订单列表', 'list', 'order/list'),
      node('订单详情', 'detail', 'order/detail', { hidden: true }),
      node('调拨', 'transfer', 'ParentView', {
        children: [node('调入', 'in', 'transfer/in'), node('调出', 'out', 'transfer/out')],
      }),
    ],
  }),
  node('会员', '/member', 'Layout', {
    meta: { title: '会员', icon: 'peoples', noCache: true },
    children: [node('会员查询', 'query', 'member/query')],
  }),
  node('系统', '/system', 'Layout', {
    alwaysShow: true,
    children: [node('用户', 'user', 'system/user')],
  }),
  node('隐藏', '/hidden', 'Layout', { hidden: true, children: [node('x', 'x', 'x')] }),
  node('AI 问答', 'https://ai.example.com', 'Layout'),
];

describe('sidebarItems', () => {
  const items = sidebarItems(menus);

  it('keeps the tree, full paths and leaves out hidden nodes', () => {
    expect(items[0]).toEqual({
      key: '/order',
      label: '订单',
      icon: 'order',
      external: false,
      children: [
        { key: '/order/list', label: '订单列表', icon: null, external: false },
        {
          key: '/order/transfer',
          label: '调拨',
          icon: null,
          external: false,
          children: [
            { key: '/order/transfer/in', label: '调入', icon: null, external: false },
            { key: '/order/transfer/out', label: '调出', icon: null, external: false },
          ],
        },
      ],
    });
    expect(items.map((item) => item.key)).not.toContain('/hidden');
  });

  it('shows a single visible child alone, with the parent icon', () => {
    expect(items[1]).toEqual({ key: '/member/query', label: '会员查询', icon: 'peoples', external: false });
  });

  it('keeps the parent when alwaysShow is set', () => {
    expect(items[2]?.children?.map((child) => child.key)).toEqual(['/system/user']);
  });

  it('marks external links', () => {
    expect(items[3]).toMatchObject({ key: 'https://ai.example.com', external: true });
  });
});

describe('openKeysFor', () => {
  it('opens every sub-menu above the selected page', () => {
    const items = sidebarItems(menus);
    expect(openKeysFor(items, '/order/transfer/out')).toEqual(['/order', '/order/transfer']);
    expect(openKeysFor(items, '/member/query')).toEqual([]);
  });
});
