import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/auth/password.js';
import { shanghaiDay } from '../../modules/dashboard/daily-metrics.js';
import { createCancelCheckRepository } from '../../modules/orders/cancel-checks/cancel-check.repository.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database, DatabaseHandle } from '../client.js';
import {
  integralClasses,
  integralClassSkus,
  integralClassStores,
  integralShelves,
  approvalTasks,
  stockBalances,
  stockLoans,
  stockRequests,
  stockWarehouses,
  stockMovements,
  stockTransfers,
  announcementReceipts,
  announcements,
  departments,
  imMessages,
  menus,
  roleMenus,
  roles,
  shopGroups,
  stores,
  userLastStores,
  userRoles,
  users,
  userStores,
  valetOrders,
} from '../schema.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';
import { LOAN_STATUSES, REQUEST_GOODS_STATUSES, TRANSFER_STATUSES } from '@console/contract';
import { loadDataScope } from '../../modules/roles/data-scope.js';
import { DEMO_ACCOUNTS, seedBaseData, seedDemoData } from './index.js';

const TABLES = {
  roles,
  menus,
  roleMenus,
  departments,
  shopGroups,
  stores,
  users,
  userRoles,
  userStores,
  userLastStores,
};

async function counts(db: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.$count(table)]),
  );
  return Object.fromEntries(entries) as Record<string, number>;
}

async function menuIdsOfRole(db: Database, permission: string): Promise<Set<number>> {
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(eq(roles.permission, permission));
  return new Set(rows.map((r) => r.menuId));
}

describe('seedBaseData', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('creates the roles and the menu tree but never an account, and is idempotent', async () => {
    const first = await seedBaseData(handle.db);
    expect(first.rolesCreated).toBe(5);
    expect(first.menusCreated).toBeGreaterThan(80);
    const after = await counts(handle.db);
    expect(after.users).toBe(0);
    expect(after.stores).toBe(0);
    expect(after.shopGroups).toBe(0);

    expect(first.dictItemsCreated).toBeGreaterThan(20);
    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 0, dictItemsCreated: 0 });
    expect(await counts(handle.db)).toEqual(after);

    const roleRows = await handle.db.select({ permission: roles.permission, name: roles.name }).from(roles);
    expect(Object.fromEntries(roleRows.map((r) => [r.permission, r.name]))).toEqual({
      admin: '系统管理员',
      store_manager: '店长',
      store_staff: '门店店员',
      head_office: '总部运营',
      auditor: '审核员',
    });
  });

  it('stores a consistent tree', async () => {
    const rows = await handle.db.select().from(menus);
    const ids = new Set(rows.map((m) => m.id));
    for (const m of rows) if (m.parentId !== null) expect(ids.has(m.parentId), m.title).toBe(true);
    for (const m of rows.filter((r) => r.type === 2)) expect(m.permission, m.title).toBeTruthy();
    const names = rows.flatMap((m) => (m.name ? [m.name] : []));
    expect(new Set(names).size).toBe(names.length);
    const robOrders = rows.find((m) => m.name === 'RobOrders');
    expect(robOrders).toMatchObject({ type: 1, path: 'rob-orders', component: 'RobOrders', hidden: false });
    expect(rows.find((m) => m.name === 'robOrderDetail')).toMatchObject({ hidden: true });
    expect(rows.find((m) => m.name === 'HelpCenter')).toMatchObject({
      external: true,
      path: 'https://help.example.com',
    });
    const order = rows.find((m) => m.name === 'Order');
    expect(order).toMatchObject({
      type: 0,
      parentId: null,
      component: 'Layout',
      icon: 'ShoppingCartOutlined',
    });
  });

  it('links menus to roles by area', async () => {
    const rows = await handle.db.select().from(menus);
    const idOf = (name: string) => rows.find((m) => m.name === name)?.id ?? -1;
    const subtree = (rootName: string) => {
      const result = new Set([idOf(rootName)]);
      for (let grew = true; grew;) {
        grew = false;
        for (const m of rows) {
          if (m.parentId !== null && result.has(m.parentId) && !result.has(m.id)) {
            result.add(m.id);
            grew = true;
          }
        }
      }
      return result;
    };
    const admin = await menuIdsOfRole(handle.db, 'admin');
    expect(admin.size).toBe(rows.length);

    const system = subtree('SystemTools');
    const headOffice = await menuIdsOfRole(handle.db, 'head_office');
    // Head office sees five pages under 系统工具: 门店权限开通, 用户管理 with its four buttons, 门店管理 and
    // 门店分组 with three each, and 通知公告 with its four.
    expect(headOffice.size).toBe(rows.length - system.size + 1 + 5 + 4 + 4 + 5);
    expect(headOffice.has(idOf('Notice'))).toBe(true);
    expect(headOffice.has(idOf('AuthOpen'))).toBe(true);
    expect(headOffice.has(idOf('User'))).toBe(true);
    const aiEntry = rows.find((m) => m.permission === 'layoutAiAQuiz:entry');
    expect(aiEntry && headOffice.has(aiEntry.id)).toBe(true);

    const staff = await menuIdsOfRole(handle.db, 'store_staff');
    const manager = await menuIdsOfRole(handle.db, 'store_manager');
    // The buttons of a store area that only head office holds: decisions a store asks for but may not take,
    // head office's coupon templates (docs/domain/coupons.md) and its dispatch of transfers in.
    const headOfficeDecisions = new Set(
      rows
        .filter((m) =>
          ['cancelCheck:setState', 'coupon:edit', 'transferIn:dispatch'].includes(m.permission ?? ''),
        )
        .map((m) => m.id),
    );
    expect(headOfficeDecisions.size).toBe(3);
    for (const id of headOfficeDecisions) {
      expect(headOffice.has(id)).toBe(true);
      expect(staff.has(id)).toBe(false);
      expect(manager.has(id)).toBe(false);
    }
    for (const area of ['Order', 'Member', 'Stock', 'Store']) {
      for (const id of subtree(area)) {
        if (headOfficeDecisions.has(id)) continue;
        expect(staff.has(id)).toBe(true);
        expect(manager.has(id)).toBe(true);
      }
    }
    const ask = rows.find((m) => m.permission === 'cancelCheck:add');
    expect(ask && staff.has(ask.id) && manager.has(ask.id)).toBe(true);
    // Of 营销, store staff see 营销日历 alone (and its directory), not its head-office button.
    const staffMarketing = rows
      .filter((m) => m.name === 'Marketing' || m.name === 'MarketingCalendar')
      .map((m) => m.id);
    for (const area of ['Audit', 'Marketing']) {
      for (const id of subtree(area)) {
        expect(staff.has(id)).toBe(staffMarketing.includes(id));
        if (headOfficeDecisions.has(id)) continue;
        expect(manager.has(id)).toBe(true);
      }
    }
    // A store manager shelves on 积分分类 (docs/domain/points-mall.md); the rest of the mall is head office's.
    const shelving = new Set([
      idOf('IntegralMall'),
      idOf('IntegralClasses'),
      rows.find((m) => m.permission === 'integralClass:shelves')?.id,
    ]);
    for (const id of shelving) expect(id !== undefined && manager.has(id)).toBe(true);
    for (const id of [...system, ...subtree('IntegralMall')]) {
      expect(staff.has(id)).toBe(false);
      if (shelving.has(id)) continue;
      expect(manager.has(id)).toBe(false);
    }
    const ship = rows.find((m) => m.permission === 'order:ship');
    expect(ship && staff.has(ship.id)).toBe(true);
  });

  it('restores a deleted menu but leaves an administrator’s unlinking alone', async () => {
    const rows = await handle.db.select().from(menus);
    const marketing = rows.find((m) => m.name === 'Marketing');
    const calendar = rows.find((m) => m.name === 'MarketingCalendar');
    const managerRole = (
      await handle.db.select().from(roles).where(eq(roles.permission, 'store_manager'))
    )[0];
    if (!marketing || !calendar || !managerRole) throw new Error('seeded rows missing');

    await handle.db.delete(menus).where(eq(menus.id, calendar.id));
    await handle.db
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, managerRole.id), eq(roleMenus.menuId, marketing.id)));

    // The page comes back with its button (新增营销活动).
    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 2, dictItemsCreated: 0 });
    const restored = await handle.db.select().from(menus).where(eq(menus.name, 'MarketingCalendar'));
    expect(restored).toHaveLength(1);
    expect(restored[0]?.parentId).toBe(marketing.id);
    const managerMenus = await menuIdsOfRole(handle.db, 'store_manager');
    expect(managerMenus.has(marketing.id)).toBe(false);
    expect(managerMenus.has(restored[0]?.id ?? -1)).toBe(true);
  });

  it('renames 已接订单 of a database seeded as ReceivedOrders and seeds the name for the transfer-in list', async () => {
    const named = (name: string) => handle.db.select().from(menus).where(eq(menus.name, name));
    const [customerOrders] = await named('ReceivedCustomerOrders');
    const [transferList] = await named('ReceivedOrders');
    if (!customerOrders || !transferList) throw new Error('seeded rows missing');
    // The database as it was before the rename: 已接订单 named ReceivedOrders, no transfer-in receiving page.
    await handle.db.delete(menus).where(eq(menus.id, transferList.id));
    await handle.db
      .update(menus)
      .set({ name: 'ReceivedOrders', component: 'ReceivedOrders' })
      .where(eq(menus.id, customerOrders.id));
    const staffBefore = await menuIdsOfRole(handle.db, 'store_staff');

    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 1, dictItemsCreated: 0 });
    // Same row, same path and role links (bookmarks and grants keep working), under its new name.
    expect((await named('ReceivedCustomerOrders'))[0]).toMatchObject({
      id: customerOrders.id,
      path: 'received-orders',
      component: 'ReceivedCustomerOrders',
    });
    expect((await menuIdsOfRole(handle.db, 'store_staff')).has(customerOrders.id)).toBe(true);
    expect(staffBefore.has(customerOrders.id)).toBe(true);
    const stock = (await named('Stock'))[0];
    const seededAgain = await named('ReceivedOrders');
    expect(seededAgain).toHaveLength(1);
    expect(seededAgain[0]).toMatchObject({
      parentId: stock?.id,
      path: 'transfer-in-receiving',
      component: 'ReceivedOrders',
      hidden: true,
    });
    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 0, dictItemsCreated: 0 });
  });

  it('moves 导出库存 of a database seeded with it on 要货管理 to 库存查询, keeping its row and grants', async () => {
    const named = async (name: string) =>
      (await handle.db.select().from(menus).where(eq(menus.name, name)))[0];
    const [requestGoods, stockQuery] = [await named('RequestGoods'), await named('StockQuery')];
    if (!requestGoods || !stockQuery) throw new Error('seeded rows missing');
    const exportButton = () =>
      handle.db
        .select()
        .from(menus)
        .where(and(eq(menus.permission, 'stock:export'), eq(menus.type, 2)));
    const [seeded] = await exportButton();
    expect(seeded?.parentId).toBe(stockQuery.id);
    // The database as it was: the button on 要货管理, no 库存查询 page.
    await handle.db.update(menus).set({ parentId: requestGoods.id }).where(eq(menus.id, seeded!.id));
    await handle.db.delete(menus).where(eq(menus.id, stockQuery.id));
    const staffBefore = await menuIdsOfRole(handle.db, 'store_staff');
    expect(staffBefore.has(seeded!.id)).toBe(true);

    // The page is seeded (with a copy of the button, dropped by the move): one row created in all.
    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 2, dictItemsCreated: 0 });
    const page = await named('StockQuery');
    const buttons = await exportButton();
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toMatchObject({ id: seeded!.id, parentId: page?.id, title: '导出库存' });
    expect((await menuIdsOfRole(handle.db, 'store_staff')).has(seeded!.id)).toBe(true);
    expect(await seedBaseData(handle.db)).toEqual({ rolesCreated: 0, menusCreated: 0, dictItemsCreated: 0 });
  });
});

describe('seedDemoData', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let firstRun: { seeded: boolean };
  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    firstRun = await seedDemoData(db);
  });
  afterAll(() => handle.close());

  async function account(username: string) {
    const [user] = await db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no user ${username}`);
    const roleRows = await db
      .select({ permission: roles.permission })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    const storeRows = await db
      .select({ shopCode: stores.shopCode, groupId: stores.shopGroupId })
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .where(eq(userStores.userId, user.id));
    const [last] = await db.select().from(userLastStores).where(eq(userLastStores.userId, user.id));
    return { user, roles: roleRows.map((r) => r.permission), stores: storeRows, last };
  }

  it('seeds once; a second run changes nothing', async () => {
    expect(firstRun).toEqual({ seeded: true });
    const before = await counts(db);
    expect(before.stores).toBeGreaterThanOrEqual(60);
    expect(before.shopGroups).toBeGreaterThanOrEqual(6);
    expect(before.users).toBeGreaterThanOrEqual(44);
    expect(await seedDemoData(db)).toEqual({ seeded: false });
    expect(await seedBaseData(db)).toEqual({ rolesCreated: 0, menusCreated: 0, dictItemsCreated: 0 });
    expect(await counts(db)).toEqual(before);
  });

  it('has transfers in every state, and stock balances that equal their movements', async () => {
    const transfers = await db
      .select({ status: stockTransfers.status, origin: stockTransfers.origin })
      .from(stockTransfers);
    expect(new Set(transfers.map((r) => r.status))).toEqual(new Set(TRANSFER_STATUSES));
    // Head office's automatic transfer-in, waiting for the giving store, beside the applications.
    expect(transfers.filter((r) => r.origin === 'dispatch')).toEqual([
      { status: 'pending_accept', origin: 'dispatch' },
    ]);
    // 要货管理: a warehouse and requests in every state, each with its audit task.
    expect(await db.select().from(stockWarehouses)).toHaveLength(1);
    const requests = await db
      .select({ id: stockRequests.id, status: stockRequests.status })
      .from(stockRequests);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(REQUEST_GOODS_STATUSES));
    const requestTasks = await db.select().from(approvalTasks).where(eq(approvalTasks.busiType, 1));
    expect(requestTasks).toHaveLength(requests.length);
    expect(requestTasks.filter((t) => t.status === 'pending').length).toBeGreaterThanOrEqual(2);
    // 借货管理: loans in every state with their audit, one lent loan overdue and one due tomorrow.
    const loans = await db
      .select({ status: stockLoans.status, dueDate: stockLoans.dueDate })
      .from(stockLoans);
    expect(new Set(loans.map((l) => l.status))).toEqual(new Set(LOAN_STATUSES));
    expect(await db.select().from(approvalTasks).where(eq(approvalTasks.busiType, 2))).toHaveLength(
      loans.length,
    );
    const today = shanghaiDay(new Date());
    const lent = loans.filter((l) => l.status === 'lent');
    expect(lent.some((l) => l.dueDate < today)).toBe(true);
    expect(lent.some((l) => l.dueDate === shanghaiDay(new Date(Date.now() + 86_400_000)))).toBe(true);
    const sums = await db
      .select({
        id: stockMovements.balanceId,
        onHand: sql<number>`sum(${stockMovements.onHandDelta})`.mapWith(Number),
        reserved: sql<number>`sum(${stockMovements.reservedDelta})`.mapWith(Number),
        inTransit: sql<number>`sum(${stockMovements.inTransitDelta})`.mapWith(Number),
      })
      .from(stockMovements)
      .groupBy(stockMovements.balanceId);
    const balances = await db.select().from(stockBalances);
    expect(balances.length).toBeGreaterThan(0);
    const byId = new Map(sums.map((m) => [m.id, m]));
    for (const b of balances)
      expect(byId.get(b.id), `balance ${b.id}`).toMatchObject({
        onHand: b.onHand,
        reserved: b.reserved,
        inTransit: b.inTransit,
      });
  });

  it('has a points mall: classes on and off, SKUs in each, shelves on and off at managing stores', async () => {
    const classes = await db.select().from(integralClasses);
    expect(new Set(classes.map((c) => c.enabled))).toEqual(new Set([true, false]));
    const classSkus = await db.select().from(integralClassSkus);
    for (const c of classes) expect(classSkus.some((s) => s.classId === c.id)).toBe(true);
    const shelves = await db
      .select({ onShelf: integralShelves.onShelf })
      .from(integralShelves)
      .innerJoin(integralClassSkus, eq(integralClassSkus.skuId, integralShelves.skuId))
      .innerJoin(
        integralClassStores,
        and(
          eq(integralClassStores.classId, integralClassSkus.classId),
          eq(integralClassStores.storeId, integralShelves.storeId),
        ),
      );
    expect(new Set(shelves.map((r) => r.onShelf))).toEqual(new Set([true, false]));
  });

  it('has points orders (积分订单) in every state at several stores', async () => {
    const orders = await db
      .select({ status: valetOrders.status, storeId: valetOrders.storeId })
      .from(valetOrders)
      .where(eq(valetOrders.kind, 'integral'));
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['pending_confirm', 'confirmed', 'cancelled']),
    );
    expect(new Set(orders.map((o) => o.storeId)).size).toBeGreaterThan(1);
  });

  it('has notices in every state, the published one delivered without pop-ups', async () => {
    const rows = await db.select({ id: announcements.id, status: announcements.status }).from(announcements);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['draft', 'scheduled', 'published', 'withdrawn']),
    );
    const published = rows.find((r) => r.status === 'published')!;
    const messages = await db
      .select({ status: imMessages.status })
      .from(imMessages)
      .innerJoin(announcementReceipts, eq(announcementReceipts.messageId, imMessages.id))
      .where(eq(announcementReceipts.announcementId, published.id));
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((m) => m.status !== 0)).toBe(true);
  });

  it('shows data scopes: head office its own stores, widened to all (钱程) or two groups (孟琳)', async () => {
    const [headOffice] = await db.select().from(roles).where(eq(roles.permission, 'head_office'));
    expect(headOffice!.dataScope).toBe('own');
    const [qiancheng, menglin] = await Promise.all(['qiancheng', 'menglin'].map(account));
    expect(await loadDataScope(db, qiancheng!.user.id)).toEqual({ all: true });
    const scope = await loadDataScope(db, menglin!.user.id);
    const groups = await db
      .select()
      .from(shopGroups)
      .where(inArray(shopGroups.id, scope.all ? [] : scope.groupIds));
    expect(groups.map((g) => g.frontTitle).sort()).toEqual(['华东一区', '华南一区']);
  });

  it('covers at least 8 provinces with distinct shop codes', async () => {
    const rows = await db.select({ province: stores.shopProvinceCode, code: stores.shopCode }).from(stores);
    expect(new Set(rows.map((r) => r.province)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
  });

  it('gives admin every store', async () => {
    const admin = await account('admin');
    expect(admin.roles).toEqual(['admin']);
    expect(admin.stores).toHaveLength(await db.$count(stores));
    expect(admin.user).toMatchObject({
      workCode: 'A0001',
      nickName: '系统管理员',
      phone: '13800000000',
      enabled: true,
    });
  });

  it('lets admin, not the demo store staff, decide the cancel checks asked in the demo order stores', async () => {
    const checks = createCancelCheckRepository(db);
    const [admin, staff, solo] = await Promise.all(['admin', 'staff', 'solo'].map(account));
    for (const shopName of DEMO_ORDER_STORES) {
      const [store] = await db.select().from(stores).where(eq(stores.shopName, shopName));
      const deciders = await checks.decidersOf(db, store!.id);
      expect(deciders, shopName).toContain(admin!.user.id);
      expect(deciders, shopName).not.toContain(staff!.user.id);
      expect(deciders, shopName).not.toContain(solo!.user.id);
    }
  });

  it('gives staff three stores in two groups and no last-used store', async () => {
    const staff = await account('staff');
    expect(staff.roles).toEqual(['store_staff']);
    expect(staff.stores).toHaveLength(3);
    expect(new Set(staff.stores.map((s) => s.groupId)).size).toBe(2);
    expect(staff.last).toBeUndefined();
    expect(staff.user.phone).toBe('13800000001');
  });

  it('gives solo one store, remembered as the last used', async () => {
    const solo = await account('solo');
    expect(solo.roles).toEqual(['store_staff']);
    expect(solo.stores).toHaveLength(1);
    const [only] = await db
      .select()
      .from(stores)
      .where(eq(stores.shopCode, solo.stores[0]?.shopCode ?? ''));
    expect(solo.last?.storeId).toBe(only?.id);
  });

  it('gives nostore no store', async () => {
    const nostore = await account('nostore');
    expect(nostore.roles).toEqual(['store_staff']);
    expect(nostore.stores).toHaveLength(0);
    expect(nostore.last).toBeUndefined();
  });

  it('stores argon2id hashes that verify with the documented passwords', async () => {
    for (const { username, password } of DEMO_ACCOUNTS) {
      const { user } = await account(username);
      expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(user.passwordHash, password), username).toBe(true);
      expect(await verifyPassword(user.passwordHash, `${password}x`)).toBe(false);
    }
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual(['admin', 'staff', 'solo', 'nostore']);
  });

  it('points every store at its area department and an authorised contact', async () => {
    const rows = await db
      .select({
        id: stores.id,
        contactsId: stores.contactsId,
        contactsName: stores.contactsName,
        contactsPhone: stores.contactsPhone,
        department: departments.name,
        group: shopGroups.frontTitle,
      })
      .from(stores)
      .innerJoin(departments, eq(departments.id, stores.organizeId))
      .innerJoin(shopGroups, eq(shopGroups.id, stores.shopGroupId));
    expect(rows).toHaveLength(await db.$count(stores));
    for (const store of rows) {
      expect(store.department).toBe(store.group);
      const [contact] = await db
        .select()
        .from(users)
        .where(eq(users.id, store.contactsId ?? -1));
      expect(contact).toMatchObject({ nickName: store.contactsName, phone: store.contactsPhone });
      const link = await db
        .select()
        .from(userStores)
        .where(and(eq(userStores.userId, contact?.id ?? -1), eq(userStores.storeId, store.id)));
      expect(link).toHaveLength(1);
    }
    const [root] = await db
      .select()
      .from(departments)
      .where(sql`${departments.parentId} is null`);
    expect(root?.name).toBe('总部');
  });

  it('authorises every staff member for one or two stores and disables former', async () => {
    const perUser = await db
      .select({ username: users.username, n: sql<number>`count(${userStores.storeId})::int` })
      .from(users)
      .leftJoin(userStores, eq(userStores.userId, users.id))
      .where(sql`${users.username} not in ('admin', 'staff', 'solo', 'nostore', 'former')`)
      .groupBy(users.username);
    expect(perUser.length).toBeGreaterThanOrEqual(40);
    for (const row of perUser) expect([1, 2], row.username).toContain(row.n);
    const disabled = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.enabled, false));
    expect(disabled).toEqual([{ username: 'former' }]);
    const members = await db
      .select({ phone: users.phone })
      .from(users)
      .where(inArray(users.username, ['zhangwei', 'qiancheng']));
    for (const m of members) expect(m.phone).toMatch(/^139\d{8}$/);
  });
});
