import {
  INTEGRAL_ORDER_PATHS as PATHS,
  type ExportJobCreated,
  type IntegralOrderDetail,
  type IntegralOrderRow,
  type Page,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, roles, valetOrders } from '../../../db/schema.js';
import { bearer, ensureRole } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  downloadExport,
  exportRecords,
  finishedExport,
  rowsOf,
  workbookOf,
} from '../../exports/exports-test-fixtures.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

/** 积分订单 (issue 22 point 4): head office reads the points orders of the stores in its data scope only. */
let t: TestApp;
let east: OrderStore;
let west: OrderStore;
let wide: OrderStaff;
let narrow: OrderStaff;
let clerk: OrderStaff;
const orderNo: Record<string, string> = {};
let westPhone = '';

const STATES = ['pending_confirm', 'confirmed', 'cancelled'] as const;

beforeAll(async () => {
  t = await createTestApp();
  east = await addOrderStore(t.db, { name: '积分订单东店' });
  west = await addOrderStore(t.db, { name: '积分订单西店' });
  // head_office narrowed to its own stores; the wide reader gets `all` through a role of its own.
  await ensureRole(t.db, 'head_office');
  await t.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
  const all = await ensureRole(t.db, 'integral_orders_all');
  await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.id, all.id));
  wide = await addOrderStaff(t, [], ['head_office', 'integral_orders_all']);
  narrow = await addOrderStaff(t, [east], ['head_office']);
  clerk = await addOrderStaff(t, [east, west], ['valetOrder:create']);

  const suffix = String(Date.now()).slice(-6);
  for (const [i, store] of [east, west].entries()) {
    const phone = `136${i}${suffix}${i}`;
    if (store === west) westPhone = phone;
    const [member] = await t.db
      .insert(members)
      .values({
        memberNo: `MIO${phone}`,
        name: `积分订单会员${i}`,
        phone,
        points: 9_000,
        homeStoreId: store.id,
      })
      .returning({ id: members.id });
    const rows = [...STATES, 'uenjoy' as const].map((state, n) => ({
      valetOrderNo: `IO${suffix}${i}${n}`,
      kind: state === 'uenjoy' ? 'uenjoy' : 'integral',
      storeId: store.id,
      memberId: member!.id,
      deliveryType: 'pickup',
      items: [{ skuCode: 'I2002', name: '积分测试杯', quantity: 1, unitCents: 0, points: 800 }],
      goodsCents: 0,
      payCents: 0,
      points: 800,
      status: state === 'uenjoy' ? 'pending_confirm' : state,
      createdByUserId: clerk.id,
      createdAt: new Date(Date.parse('2026-03-10T10:00:00+08:00') + n * 86_400_000),
    }));
    await t.db.insert(valetOrders).values(rows);
    rows.forEach((row, n) => (orderNo[`${store === east ? 'east' : 'west'}-${n}`] = row.valetOrderNo));
  }
});
afterAll(() => t.close());

const page = async (who: OrderStaff, body: object) => {
  const response = await staffPost(t, PATHS.page, who, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Page<IntegralOrderRow> }>().data;
};
const detail = (who: OrderStaff, valetOrderNo: string) =>
  t.app.inject({
    method: 'GET',
    url: `${PATHS.detail}?valetOrderNo=${valetOrderNo}`,
    headers: bearer(who.token),
  });

describe('积分订单 across the stores of the data scope', () => {
  it('head office with every store filters by store, status, keyword and date', async () => {
    const westOrders = await page(wide, { storeCode: west.code, pageSize: 50 });
    expect(westOrders.list.map((r) => r.valetOrderNo)).toEqual([
      orderNo['west-2'],
      orderNo['west-1'],
      orderNo['west-0'],
    ]);
    expect(westOrders.list[0]).toMatchObject({
      storeCode: west.code,
      storeName: '积分订单西店',
      statusText: '已取消',
    });
    expect(westOrders.list[0]!.memberPhoneMasked).toBe(`136****${westPhone.slice(-4)}`);

    const confirmed = await page(wide, { storeCode: west.code, status: 'confirmed' });
    expect(confirmed.list.map((r) => r.valetOrderNo)).toEqual([orderNo['west-1']]);
    const byPhone = await page(wide, { keyword: westPhone });
    expect(byPhone.total).toBe(3);
    const byNumber = await page(wide, { keyword: orderNo['east-0'] });
    expect(byNumber.list.map((r) => r.storeCode)).toEqual([east.code]);
    const oneDay = await page(wide, { storeCode: east.code, dateFrom: '2026-03-11', dateTo: '2026-03-11' });
    expect(oneDay.list.map((r) => r.valetOrderNo)).toEqual([orderNo['east-1']]);
  });

  it('a head-office user narrowed to one store sees only its orders, and no other store’s detail', async () => {
    const mine = await page(narrow, { pageSize: 50 });
    expect(new Set(mine.list.map((r) => r.storeCode))).toEqual(new Set([east.code]));
    expect(mine.total).toBe(3);
    expect((await page(narrow, { storeCode: west.code })).total).toBe(0);

    const own = await detail(narrow, orderNo['east-1']!);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: IntegralOrderDetail }>().data).toMatchObject({
      storeCode: east.code,
      status: 'confirmed',
      items: [{ skuCode: 'I2002', quantity: 1, points: 800 }],
    });
    const foreign = await detail(narrow, orderNo['west-1']!);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errorMsg).toMatch(/不存在/);
  });

  it('uEnjoy valet orders are not points orders', async () => {
    expect((await page(wide, { keyword: orderNo['east-3'] })).total).toBe(0);
    expect((await detail(wide, orderNo['east-3']!)).statusCode).toBe(404);
  });

  it('store staff are refused; bad filters get a Chinese 400', async () => {
    expect((await staffPost(t, PATHS.page, clerk, {})).statusCode).toBe(403);
    expect((await detail(clerk, orderNo['east-0']!)).statusCode).toBe(403);
    const cases: [object, RegExp][] = [
      [{ status: 'lost' }, /订单状态不正确/],
      [{ storeCode: '门店!' }, /门店编号格式不正确/],
      [{ dateFrom: '2026-02-30' }, /日期格式不正确/],
      [{ dateFrom: '2026-03-12', dateTo: '2026-03-01' }, /开始日期不能晚于结束日期/],
      [{ keyword: 'x'.repeat(41) }, /关键字不能超过40个字符/],
      [{ pageSize: 500 }, /每页最多50条/],
    ];
    for (const [body, message] of cases) {
      const response = await staffPost(t, PATHS.page, wide, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errorMsg).toMatch(message);
    }
    const badNumber = await detail(wide, '订单');
    expect(badNumber.statusCode).toBe(400);
    expect(errorOf(badNumber).errorMsg).toMatch(/代客订单号格式不正确/);
  });
});

describe('积分订单 export (a head-office export job)', () => {
  const queue = async (who: OrderStaff, body: object) => {
    const response = await staffPost(t, PATHS.export, who, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ExportJobCreated }>().data.id;
  };
  /** The order numbers of a finished export, whose file is named after the store filtered on, else 总部. */
  const orderNosIn = async (who: OrderStaff, id: number, named = '总部') => {
    const record = await finishedExport(t, who.token, east.code, id);
    expect(record).toMatchObject({ status: 'done', kindText: '积分订单' });
    expect(record.fileName).toMatch(new RegExp(`^积分订单_${named}_\\d{14}\\.xlsx$`));
    const file = await downloadExport(t, who.token, east.code, id);
    expect(file.statusCode).toBe(200);
    return rowsOf(await workbookOf(file.rawPayload)).map((row) => row['订单号']);
  };

  it("writes the list's rows within the asker's data scope and filters, listed and downloaded only by the asker", async () => {
    const wideExporter = await addOrderStaff(
      t,
      [east],
      ['head_office', 'integral_orders_all', 'integralOrder:export'],
    );
    const narrowExporter = await addOrderStaff(t, [east], ['head_office', 'integralOrder:export']);
    const everyState = await queue(wideExporter, {});
    expect(await orderNosIn(wideExporter, everyState)).toEqual(
      ['west-2', 'east-2', 'west-1', 'east-1', 'west-0', 'east-0'].map((key) => orderNo[key]),
    );
    const confirmedWest = await queue(wideExporter, { storeCode: west.code, status: 'confirmed' });
    expect(await orderNosIn(wideExporter, confirmedWest, west.code)).toEqual([orderNo['west-1']]);
    // The narrow head office's scope is its own store: west's orders are not in its file.
    expect(await orderNosIn(narrowExporter, await queue(narrowExporter, {}))).toEqual(
      ['east-2', 'east-1', 'east-0'].map((key) => orderNo[key]),
    );
    // The store's other staff neither list nor download a head-office export.
    expect((await exportRecords(t, clerk.token, east.code)).map((r) => r.id)).not.toContain(everyState);
    expect((await downloadExport(t, clerk.token, east.code, everyState)).statusCode).toBe(404);
    expect((await downloadExport(t, narrowExporter.token, east.code, everyState)).statusCode).toBe(404);
  });

  it('needs head office with the export button, and checks the filters', async () => {
    expect((await staffPost(t, PATHS.export, clerk, {})).statusCode).toBe(403);
    expect((await staffPost(t, PATHS.export, wide, {})).statusCode).toBe(403);
    const exporter = await addOrderStaff(t, [east], ['head_office', 'integralOrder:export']);
    const bad = await staffPost(t, PATHS.export, exporter, { status: 'lost' });
    expect([bad.statusCode, errorOf(bad).errorMsg]).toEqual([400, '订单状态不正确']);
  });
});
