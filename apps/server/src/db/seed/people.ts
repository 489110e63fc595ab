import {
  DEMO_ACCOUNT_SEEDS,
  HEAD_OFFICE_STAFF,
  SHARED_STAFF_PASSWORD,
  STORE_STAFF_NAMES,
  type DepartmentName,
} from './people-data.js';
import { randomFor } from './prng.js';
import type { RoleKey } from './role-data.js';
import { SHOP_GROUPS } from './store-data.js';
import type { StorePlan } from './stores.js';

/** A demo user with everything but database ids. */
export type PersonPlan = {
  username: string;
  nickName: string;
  workCode: string;
  phone: string;
  password: string;
  role: RoleKey;
  department: DepartmentName;
  /** Authorised stores by shop code, or every store. */
  storeCodes: readonly string[] | 'all';
  lastStoreCode: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
};

export type PeoplePlan = {
  people: PersonPlan[];
  /** The contact (username) of every store, by shop code. */
  contactOf: Map<string, string>;
};

/**
 * Demo accounts, head-office staff and store staff. Store staff are dealt one or two stores of one city
 * each, group by group in table order, and become those stores' contacts.
 */
export function planPeople(stores: readonly StorePlan[]): PeoplePlan {
  const codeOf = storeCodeLookup(stores);
  const phones = new Set<string>(DEMO_ACCOUNT_SEEDS.map((a) => a.phone));
  const people: PersonPlan[] = DEMO_ACCOUNT_SEEDS.map((account) => ({
    username: account.username,
    nickName: account.nickName,
    workCode: account.workCode,
    phone: account.phone,
    password: account.password,
    role: account.role,
    department: account.department,
    storeCodes: account.stores === 'all' ? 'all' : account.stores.map(codeOf),
    lastStoreCode: account.lastStore ? codeOf(account.lastStore) : null,
    enabled: true,
    mustChangePassword: false,
  }));

  const contactOf = new Map<string, string>();
  const names = [...STORE_STAFF_NAMES];
  let workNumber = 2001;
  for (const group of SHOP_GROUPS) {
    for (const cityStores of byCity(stores.filter((s) => s.group === group.title))) {
      for (let i = 0; i < cityStores.length; i += 2) {
        const name = names.shift();
        if (!name) throw new Error('STORE_STAFF_NAMES has too few names for the demo stores');
        const pair = cityStores.slice(i, i + 2).map((s) => s.shopCode);
        for (const code of pair) contactOf.set(code, name.username);
        people.push({
          ...name,
          workCode: `S${workNumber++}`,
          phone: uniquePhone(name.username, phones),
          password: SHARED_STAFF_PASSWORD,
          role: pair.length === 2 ? 'store_manager' : 'store_staff',
          department: group.title,
          storeCodes: pair,
          lastStoreCode: null,
          enabled: true,
          mustChangePassword: false,
        });
      }
    }
  }

  let headOfficeNumber = 1;
  for (const member of HEAD_OFFICE_STAFF) {
    const enabled = member.enabled ?? true;
    people.push({
      username: member.username,
      nickName: member.nickName,
      workCode: enabled ? `H${String(headOfficeNumber++).padStart(4, '0')}` : 'S9001',
      phone: uniquePhone(member.username, phones),
      password: SHARED_STAFF_PASSWORD,
      role: member.role,
      department: member.department,
      storeCodes: member.stores.map(codeOf),
      lastStoreCode: null,
      enabled,
      mustChangePassword: member.mustChangePassword ?? false,
    });
  }
  return { people, contactOf };
}

/** Stores grouped by city, cities in order of first appearance. */
function byCity(stores: readonly StorePlan[]): StorePlan[][] {
  const cities = new Map<string, StorePlan[]>();
  for (const store of stores) {
    const list = cities.get(store.shopCityCode) ?? [];
    list.push(store);
    cities.set(store.shopCityCode, list);
  }
  return [...cities.values()];
}

function storeCodeLookup(stores: readonly StorePlan[]): (shopName: string) => string {
  return (shopName) => {
    const matches = stores.filter((s) => s.shopName === shopName);
    if (matches.length !== 1 || !matches[0])
      throw new Error(`store name ${shopName} matches ${matches.length} stores`);
    return matches[0].shopCode;
  };
}

/** A 139 mobile number derived from the username, unique among `taken` (which it joins). */
function uniquePhone(username: string, taken: Set<string>): string {
  const random = randomFor(`phone:${username}`);
  let phone: string;
  do phone = `139${random.digits(8)}`;
  while (taken.has(phone));
  taken.add(phone);
  return phone;
}
