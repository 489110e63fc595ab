import { joinPath, menuPages, type MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { menuRoutes, type PageLoader } from './menu-routes';

function node(partial: Partial<MenuNode> & Pick<MenuNode, 'name' | 'path' | 'component'>): MenuNode {
  return {
    hidden: false,
    redirect: null,
    alwaysShow: null,
    meta: { title: partial.name, icon: null, noCache: true },
    ...partial,
  };
}

const menus: MenuNode[] = [
  node({
    name: 'Order',
    path: '/order',
    component: 'Layout',
    redirect: 'noredirect',
    children: [
      node({ name: 'OrderList', path: 'list', component: 'order/list' }),
      node({
        name: 'Transfer',
        path: 'transfer',
        component: 'ParentView',
        children: [
          node({
            name: 'TransferIn',
            path: 'in',
            component: 'transfer/in',
            meta: { title: '调入', icon: null, noCache: false },
          }),
          node({ name: 'TransferOut', path: '/order/transfer/out/', component: 'transfer/out' }),
        ],
      }),
      node({ name: 'Docs', path: 'https://docs.example.com', component: 'Layout' }),
    ],
  }),
  node({ name: 'Member', path: 'member', component: 'member/index' }),
];

describe('joinPath', () => {
  it('joins relative children and keeps absolute ones', () => {
    expect(joinPath('/order', 'list')).toBe('/order/list');
    expect(joinPath('/order/', '/x/y/')).toBe('/x/y');
    expect(joinPath('/', 'member')).toBe('/member');
    expect(joinPath('/order', '')).toBe('/order');
  });
});

describe('menuPages', () => {
  it('flattens Layout and ParentView and drops external links', () => {
    expect(menuPages(menus).map((page) => page.path)).toEqual([
      '/order/list',
      '/order/transfer/in',
      '/order/transfer/out',
      '/member',
    ]);
  });
});

describe('menuRoutes', () => {
  const known: PageLoader = () => Promise.resolve({ Component: () => null });
  const comingSoon: PageLoader = () => Promise.resolve({ Component: () => null });
  const routes = menuRoutes(menus, { 'transfer/in': known }, comingSoon);

  it('makes one lazy route per page with its handle', () => {
    const transferIn = routes.find((route) => route.path === '/order/transfer/in');
    expect(transferIn).toMatchObject({
      lazy: known,
      handle: { title: '调入', name: 'TransferIn', noCache: false },
    });
  });

  it('gives pages without a registered component the coming-soon page', () => {
    expect(routes.find((route) => route.path === '/member')?.lazy).toBe(comingSoon);
    expect(routes.find((route) => route.path === '/order/list')?.lazy).toBe(comingSoon);
  });

  it('sends a container path to its first page', async () => {
    const order = routes.find((route) => route.path === '/order');
    const transfer = routes.find((route) => route.path === '/order/transfer');
    const target = async (loader: unknown) =>
      typeof loader === 'function' ? ((await loader()) as Response).headers.get('Location') : null;
    expect(await target(order?.loader)).toBe('/order/list');
    expect(await target(transfer?.loader)).toBe('/order/transfer/in');
  });

  it('keeps the first of two pages on the same path', () => {
    const twice = menuRoutes(
      [node({ name: 'A', path: '/a', component: 'a' }), node({ name: 'B', path: '/a', component: 'b' })],
      {},
      comingSoon,
    );
    expect(twice).toHaveLength(1);
    expect(twice[0]?.handle).toMatchObject({ name: 'A' });
  });
});
