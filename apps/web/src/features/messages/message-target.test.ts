import type { MenuNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { menuPagePath } from '../../components/use-menu-page-links';
import { COMING_SOON_PATH, planMessageTarget, type TargetContext } from './message-target';

function node(name: string, path: string, component: string, children?: MenuNode[]): MenuNode {
  return {
    name,
    path,
    component,
    hidden: false,
    redirect: null,
    alwaysShow: null,
    meta: { title: name, icon: null, noCache: false },
    children,
  };
}

const menus: MenuNode[] = [
  node('Order', '/order', 'Layout', [
    node('ReceivedCustomerOrders', 'received-orders', 'ReceivedCustomerOrders'),
  ]),
  node('Transfer', '/transfer', 'Layout', [
    node('takeOrdersDetail', 'transfer-out-detail', 'takeOrdersDetail'),
    node('ReceivedOrders', 'transfer-in-receiving', 'ReceivedOrders'),
  ]),
  node('Member', '/member', 'Layout', [node('memberStore', 'member-store', 'memberStore')]),
];

const context: TargetContext = {
  menus,
  currentPath: '/dashboard',
  token: 'tok-1',
  tokenHosts: ['ours.example.com'],
};

function message(businessType: number, messageType: number, expandInfo: Record<string, string | number>) {
  return { businessType, messageContent: { messageType, title: '', text: '', expandInfo } };
}

describe('menuPagePath', () => {
  it('finds a route by its menu name through containers', () => {
    expect(menuPagePath(menus, 'takeOrdersDetail')).toBe('/transfer/transfer-out-detail');
    expect(menuPagePath(menus, 'nope')).toBeNull();
  });
});

describe('planMessageTarget', () => {
  it('opens a notice in the static reader route, whatever the menu holds', () => {
    expect(planMessageTarget(message(11, 1, { announcementId: 42 }), context)).toEqual({
      kind: 'navigate',
      path: '/notice/read',
      to: '/notice/read?id=42',
      sameRoute: false,
    });
  });

  it('opens an allow-listed url with the token appended with ? or &', () => {
    expect(planMessageTarget(message(1, 1, { url: 'https://ours.example.com/a' }), context)).toEqual({
      kind: 'external',
      url: 'https://ours.example.com/a?token=tok-1',
    });
    expect(planMessageTarget(message(1, 1, { url: 'https://ours.example.com/a?x=1' }), context)).toEqual({
      kind: 'external',
      url: 'https://ours.example.com/a?x=1&token=tok-1',
    });
  });

  it('decodes an encoded url first', () => {
    const url = encodeURIComponent('https://ours.example.com/b?y=2');
    expect(planMessageTarget(message(1, 1, { url }), context)).toEqual({
      kind: 'external',
      url: 'https://ours.example.com/b?y=2&token=tok-1',
    });
  });

  it('opens other hosts without the token', () => {
    expect(planMessageTarget(message(1, 1, { url: 'https://partner.example.org/x' }), context)).toEqual({
      kind: 'external',
      url: 'https://partner.example.org/x',
    });
  });

  it('never opens javascript:, data: or look-alike urls', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'java\tscript:alert(1)',
      'https://ours.example.com@evil.io/',
      '//ours.example.com/a',
    ]) {
      expect(planMessageTarget(message(1, 1, { url }), context)).toEqual({ kind: 'refused' });
    }
  });

  it('does not hand the token to a look-alike host', () => {
    const plan = planMessageTarget(message(1, 1, { url: 'https://ours.example.com.evil.io/' }), context);
    expect(plan).toEqual({ kind: 'external', url: 'https://ours.example.com.evil.io/' });
  });

  it('goes to the named catalogue route with its query', () => {
    // Inventory, transfer-out to ship → takeOrdersDetail?id=
    expect(planMessageTarget(message(4, 1, { id: 'A100' }), context)).toEqual({
      kind: 'navigate',
      path: '/transfer/transfer-out-detail',
      to: '/transfer/transfer-out-detail?id=A100',
      sameRoute: false,
    });
    // Member repurchase → memberStore?memberId=&permissionUser=1
    expect(planMessageTarget(message(9, 1, { memberId: 77 }), context)).toMatchObject({
      to: '/member/member-store?memberId=77&permissionUser=1',
    });
    // Member upgrade 去分配 → memberStore?memberId= (its 待分配 tab, that member)
    expect(planMessageTarget(message(9, 3, { memberId: 'a1' }), context)).toMatchObject({
      to: '/member/member-store?memberId=a1',
    });
    // Member-equity upgrade → memberStore?memberId=&activateUser=1
    expect(planMessageTarget(message(9, 2, { memberId: 'a1' }), context)).toMatchObject({
      to: '/member/member-store?memberId=a1&activateUser=1',
    });
  });

  it('reads business type 10 as 营销 (spec 4.9 first reading): a member id does not make it a member message', () => {
    expect(planMessageTarget(message(10, 1, { memberId: 'a1' }), context)).toEqual({ kind: 'none' });
  });

  it('uses componentName with the other expandInfo fields as query', () => {
    const plan = planMessageTarget(
      message(4, 2, { componentName: 'ReceivedOrders', inOrderNo: 'IN-1' }),
      context,
    );
    expect(plan).toMatchObject({ kind: 'navigate', to: '/transfer/transfer-in-receiving?inOrderNo=IN-1' });
  });

  it('opens the transfer-in receiving list filtered to the order for goods shipped (inventory 5)', () => {
    expect(planMessageTarget(message(4, 5, { id: 7, inOrderNo: 'TI-7' }), context)).toMatchObject({
      kind: 'navigate',
      to: '/transfer/transfer-in-receiving?inOrderNo=TI-7',
    });
  });

  it('keeps a stored customer-order message naming ReceivedOrders on the received customer orders', () => {
    // Stored before the route name went to the transfer-in list (issue 21 point 6).
    for (const businessType of [1, 2]) {
      const plan = planMessageTarget(
        message(businessType, 5, { componentName: 'ReceivedOrders', status: 'wait_ship' }),
        context,
      );
      expect(plan).toMatchObject({ kind: 'navigate', to: '/order/received-orders?status=wait_ship' });
    }
  });

  it('marks the current route so that the view is reloaded', () => {
    const plan = planMessageTarget(message(4, 1, { id: 'A1' }), {
      ...context,
      currentPath: '/transfer/transfer-out-detail',
    });
    expect(plan).toMatchObject({ kind: 'navigate', sameRoute: true });
  });

  it('goes to the coming-soon page for a named target the menu has no page for', () => {
    // Order and customer, order remind → robOrderDetail, not in this menu.
    expect(planMessageTarget(message(2, 1, { performancePlanOrderNo: 'P1' }), context)).toEqual({
      kind: 'comingSoon',
      to: COMING_SOON_PATH,
    });
  });

  it('has nothing to open for kinds without a screen', () => {
    expect(planMessageTarget(message(6, 34, { id: 1 }), context)).toEqual({ kind: 'none' });
    expect(planMessageTarget(message(10, 1, {}), context)).toEqual({ kind: 'none' });
  });
});
