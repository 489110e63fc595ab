import { describe, expect, it } from 'vitest';
import { MENU_TREE, type MenuSeed } from './menu-tree.js';

function flatten(
  seeds: readonly MenuSeed[],
  parent: MenuSeed | null = null,
): { seed: MenuSeed; parent: MenuSeed | null }[] {
  return seeds.flatMap((seed) => [{ seed, parent }, ...flatten(seed.children ?? [], seed)]);
}
const all = flatten(MENU_TREE);

describe('menu tree', () => {
  it('gives every page and directory a unique PascalCase or message-target route name', () => {
    const named = all.filter(({ seed }) => seed.type !== 2);
    for (const { seed } of named) expect(seed.name, seed.title).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    const names = named.map(({ seed }) => seed.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every button a module:action permission and no route', () => {
    const buttons = all.filter(({ seed }) => seed.type === 2);
    expect(buttons.length).toBeGreaterThan(30);
    for (const { seed } of buttons) {
      expect(seed.permission, seed.title).toMatch(/^[A-Za-z]+:[A-Za-z]+$/);
      expect(seed.name).toBeUndefined();
      expect(seed.children ?? []).toHaveLength(0);
    }
    const permissions = buttons.map(({ seed }) => seed.permission);
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(permissions).toContain('layoutAiAQuiz:entry');
    expect(permissions).toContain('order:ship');
  });

  it('keeps button titles unique under one parent (they are identified by title and parent)', () => {
    for (const { seed } of all) {
      const titles = (seed.children ?? []).map((c) => c.title);
      expect(new Set(titles).size, seed.title).toBe(titles.length);
    }
  });

  it('uses Layout for root directories, ParentView for nested ones and the route name for pages', () => {
    for (const { seed, parent } of all) {
      if (seed.type === 0) expect(seed.component).toBe(parent ? 'ParentView' : 'Layout');
      if (seed.type === 1 && !seed.external) expect(seed.component).toBe(seed.name);
      if (seed.type !== 2 && parent) expect(seed.path, seed.title).toMatch(/^[a-z][a-z0-9-]*$/);
    }
  });

  it('has the hidden detail pages the message targets name', () => {
    const hidden = all.filter(({ seed }) => seed.hidden).map(({ seed }) => seed.name);
    expect(hidden).toEqual(
      expect.arrayContaining([
        'robOrderDetail',
        'receivedOrderDetail',
        'valetOrderManagerDetail',
        'CustomerIntentionDetail',
        'receivingOrderDetails',
        'takeOrdersDetail',
        'applicationDetail',
        'RequestGoodsDetails',
        'reviewPendingDetail',
        'DailySecondmentDetail',
        'ReceivedOrders',
      ]),
    );
    const visible = all.filter(({ seed }) => seed.type === 1 && !seed.hidden).map(({ seed }) => seed.name);
    expect(visible).toEqual(
      expect.arrayContaining(['memberStore', 'memberInquiry', 'ReceivedCustomerOrders', 'RobOrders']),
    );
  });

  it('has one external link, to an https address', () => {
    const external = all.filter(({ seed }) => seed.external);
    expect(external).toHaveLength(1);
    expect(external[0]?.seed.path).toBe('https://help.example.com');
  });
});
