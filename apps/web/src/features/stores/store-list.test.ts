import type { ShopGroupPage } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { choiceOf, groupStores, nextStorePage, storePageCount } from './store-list';

const store = (addressId: string, businessScopeName = `业态${addressId}`) => ({
  addressId,
  businessScopeName,
  shopName: `门店${addressId}`,
  distanceKm: 1,
});

describe('store list paging (spec 2.11, 9)', () => {
  it('counts floor(total/10)+1 pages', () => {
    expect(storePageCount(0)).toBe(1);
    expect(storePageCount(9)).toBe(1);
    expect(storePageCount(10)).toBe(2);
    expect(storePageCount(25)).toBe(3);
  });

  it('loads the next page while stores remain', () => {
    expect(nextStorePage(1, 25)).toBe(2);
    expect(nextStorePage(2, 25)).toBe(3);
  });

  it('stops when the next page would exceed the page count', () => {
    expect(nextStorePage(3, 25)).toBeUndefined();
    expect(nextStorePage(1, 3)).toBeUndefined();
    expect(nextStorePage(1, 0)).toBeUndefined();
  });

  it('stops once everything is loaded, even where the page count allows one more page', () => {
    // floor(20/10)+1 = 3 pages, but two full pages already hold all 20 stores.
    expect(storePageCount(20)).toBe(3);
    expect(nextStorePage(2, 20)).toBeUndefined();
    expect(nextStorePage(1, 20)).toBe(2);
  });
});

describe('groupStores', () => {
  it('groups by area title across pages, keeping first-seen order and dropping repeats', () => {
    const pages: ShopGroupPage[] = [
      {
        total: 5,
        list: [
          { shopGroupId: 1, frontTitle: '北京', shopList: [store('A1'), store('A2')] },
          { shopGroupId: 2, frontTitle: '上海', shopList: [store('B1')] },
        ],
      },
      {
        total: 5,
        list: [
          { shopGroupId: 1, frontTitle: '北京', shopList: [store('A3'), store('A1')] },
          { shopGroupId: 3, frontTitle: '天津', shopList: [store('C1')] },
        ],
      },
    ];
    const groups = groupStores(pages);
    expect(groups.map((g) => g.frontTitle)).toEqual(['北京', '上海', '天津']);
    expect(groups[0]?.stores.map((s) => s.addressId)).toEqual(['A1', 'A2', 'A3']);
  });

  it('leaves out empty groups and answers nothing for no pages', () => {
    expect(groupStores([])).toEqual([]);
    expect(groupStores([{ total: 0, list: [{ shopGroupId: 1, frontTitle: '空', shopList: [] }] }])).toEqual(
      [],
    );
  });

  it('makes a choice from the group title and the item', () => {
    const [group] = groupStores([
      { total: 1, list: [{ shopGroupId: 1, frontTitle: '北京', shopList: [store('A1', '便利店')] }] },
    ]);
    expect(group && choiceOf(group, group.stores[0]!)).toEqual({
      addressId: 'A1',
      frontTitle: '北京',
      businessScopeName: '便利店',
    });
  });
});
