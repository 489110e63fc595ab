import { describe, expect, it } from 'vitest';
import { planPeople } from './people.js';
import { planStores } from './stores.js';

const stores = planStores();
const { people, contactOf } = planPeople(stores);

describe('demo people', () => {
  it('has about forty staff members besides the demo accounts', () => {
    expect(people.length - 4).toBeGreaterThanOrEqual(40);
  });

  it('keeps usernames, work codes and phones unique', () => {
    for (const key of ['username', 'workCode', 'phone'] as const) {
      const values = people.map((p) => p[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('gives staff members one or two stores of one city and 139 phones', () => {
    const members = people.filter(
      (p) => !['admin', 'staff', 'solo', 'nostore', 'former'].includes(p.username),
    );
    for (const member of members) {
      expect(member.phone).toMatch(/^139\d{8}$/);
      expect(member.storeCodes).not.toBe('all');
      const codes = member.storeCodes as readonly string[];
      expect(codes.length).toBeGreaterThanOrEqual(1);
      expect(codes.length).toBeLessThanOrEqual(2);
      const cities = new Set(codes.map((code) => stores.find((s) => s.shopCode === code)?.shopCityCode));
      if (member.department !== '运营中心') expect(cities.size).toBe(1);
    }
  });

  it('names a contact for every store, one of its authorised staff', () => {
    for (const store of stores) {
      const username = contactOf.get(store.shopCode);
      const contact = people.find((p) => p.username === username);
      expect(contact?.storeCodes, store.shopCode).toContain(store.shopCode);
    }
  });

  it('disables the former employee', () => {
    expect(people.filter((p) => !p.enabled).map((p) => p.username)).toEqual(['former']);
  });

  it('leaves two new staff members to change their one-time password', () => {
    expect(people.filter((p) => p.mustChangePassword).map((p) => p.username)).toEqual(['xinren', 'luxin']);
  });
});
