import { seedDemoCalendar } from './demo-calendar.js';
import { seedDemoTeaTree } from './demo-tea-tree.js';
import { seedDemoEmployeePurchase } from './demo-employee-purchase.js';
import { seedDemoSystemTools } from './demo-system-tools.js';
import { seedDemoInventory, seedDemoRequests } from './demo-inventory.js';
import { seedDemoLoans } from './demo-loans.js';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password.js';
import type { Database } from '../client.js';
import {
  departments,
  roles,
  roleShopGroups,
  shopGroups,
  stores,
  userLastStores,
  userRoles,
  users,
  userStores,
} from '../schema.js';
import { lockSeeding, seedBaseData } from './base-data.js';
import { seedDailyMetrics } from './daily-metrics.js';
import { seedDemoAnnouncements } from './demo-announcements.js';
import { seedDemoCoupons } from './demo-coupons.js';
import { seedDemoPointsMall, seedDemoPointsOrders } from './demo-points-mall.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoMembers } from './demo-members.js';
import { seedDemoOrders } from './demo-orders.js';
import {
  DEMO_ACCOUNT_SEEDS,
  DEMO_SCOPE_ROLES,
  HEAD_OFFICE_DEPARTMENTS,
  HEAD_OFFICE_ROOT,
  HEAD_OFFICE_TEAMS,
  type DepartmentName,
} from './people-data.js';
import { planPeople } from './people.js';
import { seedRoles } from './roles.js';
import { SHOP_GROUPS } from './store-data.js';
import { planStores } from './stores.js';

/** The demo sign-ins, printed by server.ts when demo data is seeded. */
export const DEMO_ACCOUNTS: readonly { username: string; password: string; description: string }[] =
  DEMO_ACCOUNT_SEEDS.map(({ username, password, description }) => ({ username, password, description }));

/**
 * Demo shop groups, stores, departments, users, 30 days of dashboard figures ending `now` and a few
 * delivered messages, on the embedded default only (the caller decides).
 * Runs once: `seeded: false` when an `admin` user or any store already exists. One transaction, so a
 * failure leaves nothing half-seeded.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    await seedBaseData(tx);
    if (await alreadySeeded(tx)) return { seeded: false };

    const storePlans = planStores();
    const { people, contactOf } = planPeople(storePlans);
    const hashOf = await hashPasswords(people.map((p) => p.password));

    const departmentIdOf = await insertDepartments(tx);
    const groupRows = await tx
      .insert(shopGroups)
      .values(SHOP_GROUPS.map((g) => ({ frontTitle: g.title, sort: g.sort })))
      .returning({ id: shopGroups.id, frontTitle: shopGroups.frontTitle });
    const groupIdOf = new Map(groupRows.map((g) => [g.frontTitle, g.id]));

    const userRows = await tx
      .insert(users)
      .values(
        people.map((p) => ({
          username: p.username,
          nickName: p.nickName,
          workCode: p.workCode,
          phone: p.phone,
          passwordHash: required(hashOf.get(p.password), 'password hash'),
          enabled: p.enabled,
          mustChangePassword: p.mustChangePassword,
          deptId: departmentIdOf(p.department),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const userIdOf = new Map(userRows.map((u) => [u.username, u.id]));
    const personOf = new Map(people.map((p) => [p.username, p]));

    const storeRows = await tx
      .insert(stores)
      .values(
        storePlans.map(({ group, ...plan }) => {
          const contact = required(
            personOf.get(required(contactOf.get(plan.shopCode), 'store contact')),
            'contact',
          );
          return {
            ...plan,
            shopGroupId: required(groupIdOf.get(group), 'shop group'),
            organizeId: departmentIdOf(group),
            contactsId: required(userIdOf.get(contact.username), 'contact user'),
            contactsName: contact.nickName,
            contactsPhone: contact.phone,
            infoConfirmedAt: plan.infoConfirmed ? sql`now()` : null,
          };
        }),
      )
      .returning({ id: stores.id, shopCode: stores.shopCode });
    const storeIdOf = new Map(storeRows.map((s) => [s.shopCode, s.id]));
    await seedDailyMetrics(tx, storeRows, now);

    const { idOf: roleIdOf } = await seedRoles(tx);
    const storeLinks: { userId: number; storeId: number }[] = [];
    const roleLinks: { userId: number; roleId: number }[] = [];
    const lastStores: { userId: number; storeId: number }[] = [];
    for (const person of people) {
      const userId = required(userIdOf.get(person.username), 'user');
      roleLinks.push({ userId, roleId: roleIdOf[person.role] });
      const codes = person.storeCodes === 'all' ? storePlans.map((s) => s.shopCode) : person.storeCodes;
      for (const code of codes)
        storeLinks.push({ userId, storeId: required(storeIdOf.get(code), `store ${code}`) });
      if (person.lastStoreCode) {
        lastStores.push({ userId, storeId: required(storeIdOf.get(person.lastStoreCode), 'last store') });
      }
    }
    for (const role of await insertScopeRoles(tx, (title) => required(groupIdOf.get(title), 'shop group')))
      for (const holder of role.holders)
        roleLinks.push({ userId: required(userIdOf.get(holder), `user ${holder}`), roleId: role.id });
    await tx.insert(userRoles).values(roleLinks);
    await tx.insert(userStores).values(storeLinks);
    if (lastStores.length > 0) await tx.insert(userLastStores).values(lastStores);
    await seedDemoMessages(tx, now);
    await seedDemoAnnouncements(tx, now);
    await seedDemoOrders(tx, now);
    await seedDemoCoupons(tx, now);
    await seedDemoPointsMall(tx, now);
    await seedDemoPointsOrders(tx, now);
    await seedDemoTeaTree(tx, now);
    await seedDemoCalendar(tx, now);
    await seedDemoMembers(tx, now);
    await seedDemoInventory(tx, now);
    await seedDemoRequests(tx, now);
    await seedDemoLoans(tx, now);
    await seedDemoEmployeePurchase(tx, now);
    await seedDemoSystemTools(tx, now, required(userIdOf.get('admin'), 'admin'));
    return { seeded: true };
  });
}

/** Head office narrowed to its own stores, and the roles that widen it (DEMO_SCOPE_ROLES). */
async function insertScopeRoles(tx: Database, groupIdOf: (title: string) => number) {
  await tx.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
  const inserted = await tx
    .insert(roles)
    .values(
      DEMO_SCOPE_ROLES.map(({ groups: _, holders: __, ...role }) => ({ ...role, cloudPlatform: false })),
    )
    .returning({ id: roles.id });
  const links = DEMO_SCOPE_ROLES.flatMap((role, i) =>
    role.groups.map((title) => ({ roleId: required(inserted[i], 'role').id, shopGroupId: groupIdOf(title) })),
  );
  if (links.length) await tx.insert(roleShopGroups).values(links);
  return DEMO_SCOPE_ROLES.map((role, i) => ({ id: required(inserted[i], 'role').id, holders: role.holders }));
}

async function alreadySeeded(tx: Database): Promise<boolean> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'admin'`)
    .limit(1);
  const [store] = await tx.select({ id: stores.id }).from(stores).limit(1);
  return admin !== undefined || store !== undefined;
}

/** 总部 → 运营中心, 信息中心 and one area department per shop group. */
async function insertDepartments(tx: Database): Promise<(name: DepartmentName) => number> {
  const [root] = await tx
    .insert(departments)
    .values({ name: HEAD_OFFICE_ROOT, sort: 0 })
    .returning({ id: departments.id });
  const rootId = required(root, 'head-office department').id;
  const children = [...HEAD_OFFICE_DEPARTMENTS, ...SHOP_GROUPS.map((g) => g.title)];
  const rows = await tx
    .insert(departments)
    .values(children.map((name, index) => ({ parentId: rootId, name, sort: (index + 1) * 10 })))
    .returning({ id: departments.id, name: departments.name });
  const idOf = new Map<string, number>([
    [HEAD_OFFICE_ROOT, rootId],
    ...rows.map((r) => [r.name, r.id] as const),
  ]);
  // Teams below the centres, one of them disabled, and a disabled centre: the tree shows each state.
  await tx.insert(departments).values([
    ...HEAD_OFFICE_TEAMS.map(({ parent, name, enabled }, index) => ({
      parentId: required(idOf.get(parent), `department ${parent}`),
      name,
      enabled,
      sort: (index + 1) * 10,
    })),
    { parentId: rootId, name: '采购中心', enabled: false, sort: 900 },
  ]);
  return (name) => required(idOf.get(name), `department ${name}`);
}

/** argon2id costs ~40 ms a hash, so each distinct password is hashed once (in parallel) and reused. */
async function hashPasswords(passwords: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(passwords)];
  const hashes = await Promise.all(distinct.map((p) => hashPassword(p)));
  return new Map(distinct.map((p, i) => [p, required(hashes[i], 'hash')]));
}

function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`demo seed: missing ${what}`);
  return value;
}
