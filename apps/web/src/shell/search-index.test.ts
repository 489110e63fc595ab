import type { MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { loadMenuSearch, searchEntries } from './search-index';

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
    children: [node('抢单', 'rob-orders'), node('抢单详情', 'rob-order-detail', { hidden: true })],
  }),
  node('会员管理', '/member', { component: 'Layout', children: [node('会员查询', 'member-inquiry')] }),
  node('库存调拨', '/stock', { component: 'Layout', children: [node('要货管理', 'request-goods')] }),
  node('帮助中心', 'https://help.example.com'),
];

describe('searchEntries', () => {
  it('lists visible entries with full paths and their trail', () => {
    const entries = searchEntries(menus, (title) => ({ full: title, initials: title }));
    expect(entries.map((entry) => entry.path)).toEqual([
      '/order',
      '/order/rob-orders',
      '/member',
      '/member/member-inquiry',
      '/stock',
      '/stock/request-goods',
      'https://help.example.com',
    ]);
    expect(entries[1]?.trail).toEqual(['订单管理', '抢单']);
  });
});

describe('loadMenuSearch', () => {
  it('finds 订单管理 by its pinyin initials', async () => {
    const search = await loadMenuSearch(menus);
    expect(search('ddgl')[0]).toMatchObject({ title: '订单管理', path: '/order', initials: 'ddgl' });
  });

  it('finds by full pinyin, Chinese title and path', async () => {
    const search = await loadMenuSearch(menus);
    expect(search('huiyuanchaxun')[0]?.title).toBe('会员查询');
    expect(search('要货')[0]?.title).toBe('要货管理');
    expect(search('rob-orders')[0]?.path).toBe('/order/rob-orders');
  });

  it('leaves hidden entries out and finds nothing for an empty query', async () => {
    const search = await loadMenuSearch(menus);
    expect(search('抢单详情').some((entry) => entry.title === '抢单详情')).toBe(false);
    expect(search('  ')).toEqual([]);
  });
});
