import {
  EMPLOYEE_ORDER_STATUS_TEXT,
  EMPLOYEE_PURCHASE_PERMISSIONS,
  EPC_STATUS_TEXT,
  type CheckSkuRequest,
  type EmployeeOrderDetail,
  type EmployeeOrderListRequest,
  type EmployeeOrderPage,
  type EmployeeOrderRow,
  type EmployeeOrderStatus,
  type EpcInfo,
  type EpcStatus,
  type OrderCodesRequest,
  type OrderEpcRequest,
  type PlacedOrder,
  type PurchaseDraft,
  type PurchaseLine,
  type Quota,
  type SafeStock,
  type StaffCombination,
  type StaffSku,
} from '@console/contract';
import type { ClientInfo } from '../../http/client.js';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { newEmployeePurchaseNo } from '../orders/order-numbers.js';
import { priceDraft, type PricedLine } from './combination-pricing.js';
import { EMPLOYEE_PURCHASE_TEXT as TEXT } from './employee-purchase-texts.js';
import {
  createEmployeePurchaseRepository,
  type EmployeeOrderJoined,
  type OrderLineRow,
} from './employee-purchase.repository.js';

/** The employee at the counter of a store, with their button permissions. */
export type PurchaseActor = {
  storeId: number;
  user: { id: number; nickName: string };
  permissions: readonly string[];
  client: ClientInfo;
};

const refuse = (code: string, message: string) => new AppError(422, code, message);
const lineOf = ({ epc, skuCode, name, spec, staffCents }: OrderLineRow): PurchaseLine => ({
  epc,
  skuCode,
  name,
  spec,
  staffCents,
});
const buyableOf = (stock: { stock: number; safeStock: number }) => Math.max(0, stock.stock - stock.safeStock);

/**
 * Employee purchase (docs/domain/employee-purchase.md): codes scanned into a draft within the month's quota and
 * above the safe stock, placed in one transaction that sells every code once, verified at pick-up or cancelled.
 */
export function createEmployeePurchaseService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createEmployeePurchaseRepository(db);
  const audit = createAuditLog(db, clock);
  /** Every change of a draft or an order is audited with its state before and after, in its transaction. */
  const audited =
    (actor: PurchaseActor, action: string, target: string, before: unknown, after: unknown) =>
    (tx: Database) =>
      audit.change({ action, target, actor: { user: actor.user }, client: actor.client, before, after }, tx);
  const periodNow = () => shanghaiDay(clock()).slice(0, 7);

  async function quotaOf(userId: number, tx: Database = db, lock = false): Promise<Quota | null> {
    const period = periodNow();
    const quota = await repo.quota(userId, period, tx, lock);
    if (!quota) return null;
    const used = await repo.used(userId, period, tx);
    return { period, ...quota, usedItems: used.items, usedCents: used.cents };
  }

  /** Refuses when `items` more goods worth `cents` would exceed the quota. */
  function assertWithinQuota(quota: Quota | null, items: number, cents: number): asserts quota is Quota {
    if (!quota) throw refuse('EMPLOYEE_PURCHASE_NO_QUOTA', TEXT.noQuota);
    if (quota.usedItems + items > quota.maxItems)
      throw refuse('EMPLOYEE_PURCHASE_OVER_QUOTA', TEXT.overItems(quota.maxItems, quota.usedItems));
    if (quota.usedCents + cents > quota.maxCents)
      throw refuse('EMPLOYEE_PURCHASE_OVER_QUOTA', TEXT.overCents(quota.maxCents, quota.usedCents));
  }

  /** Refuses when selling `taking` more of the SKU would leave less than its safe stock. */
  async function assertAboveSafeStock(storeId: number, skuId: number, taking: number, tx = db, lock = false) {
    const stock = await repo.stockOf(storeId, skuId, tx, lock);
    if (stock.stock - taking < stock.safeStock)
      throw refuse('EMPLOYEE_PURCHASE_SAFE_STOCK', TEXT.belowSafeStock(stock.stock, stock.safeStock));
  }

  /** The draft's lines priced with today's combinations (a complete set at its combination price). */
  async function priceOf(lines: readonly PricedLine[], tx: Database = db) {
    return priceDraft(lines, await repo.combinationSets(tx));
  }

  async function draftOf(actor: PurchaseActor, orderId: number | null): Promise<PurchaseDraft> {
    const rows = orderId ? await repo.lines(orderId) : [];
    return {
      lines: rows.map(lineOf),
      itemCount: rows.length,
      ...(await priceOf(rows)),
      quota: await quotaOf(actor.user.id),
    };
  }

  async function storeEpc(storeId: number, code: string) {
    const epc = await repo.epc(code);
    if (!epc || epc.storeId !== storeId) throw notFound(TEXT.epcNotFound, 'EPC_NOT_FOUND');
    return epc;
  }

  function rowOf(actor: PurchaseActor, row: EmployeeOrderJoined): EmployeeOrderRow {
    const status = row.status as EmployeeOrderStatus;
    const placed = status === 'placed';
    return {
      id: row.id,
      orderNo: row.orderNo,
      employeeName: row.employeeName,
      workCode: row.workCode,
      itemCount: row.itemCount,
      totalCents: row.totalCents,
      status,
      statusText: EMPLOYEE_ORDER_STATUS_TEXT[status],
      placedAt: row.placedAt!.toISOString(),
      actions: {
        verify: placed && actor.permissions.includes(EMPLOYEE_PURCHASE_PERMISSIONS.verify),
        cancel: placed && actor.permissions.includes(EMPLOYEE_PURCHASE_PERMISSIONS.cancel),
      },
    };
  }

  async function detailOf(actor: PurchaseActor, row: EmployeeOrderJoined): Promise<EmployeeOrderDetail> {
    const lines = await repo.lines(row.id);
    const listCents = lines.reduce((sum, line) => sum + line.staffCents, 0);
    return {
      ...rowOf(actor, row),
      lines: lines.map(lineOf),
      savedCents: row.status === 'draft' ? 0 : listCents - row.totalCents,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      handledBy: row.handledByName,
    };
  }

  async function requireOrder(actor: PurchaseActor, orderNo: string) {
    const row = await repo.order(actor.storeId, orderNo);
    if (!row) throw notFound(TEXT.orderNotFound, 'EMPLOYEE_ORDER_NOT_FOUND');
    return row;
  }

  async function requirePlaced(actor: PurchaseActor, orderNo: string) {
    const row = await requireOrder(actor, orderNo);
    if (row.status !== 'placed')
      throw conflict(
        TEXT.notPlaced(EMPLOYEE_ORDER_STATUS_TEXT[row.status as EmployeeOrderStatus]),
        'EMPLOYEE_ORDER_NOT_PLACED',
      );
    return row;
  }

  async function lineOfOrder(actor: PurchaseActor, request: OrderEpcRequest): Promise<PurchaseLine> {
    const order = await requirePlaced(actor, request.orderNo);
    const line = (await repo.lines(order.id)).find((l) => l.epc === request.epc);
    if (!line) throw refuse('EPC_NOT_IN_ORDER', TEXT.epcNotInOrder(request.epc));
    return lineOf(line);
  }

  /** The placed order whose every code, and no other, was scanned at the counter. */
  async function scannedOrder(actor: PurchaseActor, request: OrderCodesRequest) {
    const order = await requirePlaced(actor, request.orderNo);
    const codes = new Set((await repo.lines(order.id)).map((l) => l.epc));
    const stranger = request.epcs.find((epc) => !codes.has(epc));
    if (stranger) throw refuse('EPC_NOT_IN_ORDER', TEXT.epcNotInOrder(stranger));
    const missing = [...codes].filter((epc) => !request.epcs.includes(epc)).length;
    if (missing) throw refuse('EPC_MISSING', TEXT.missingCodes(missing));
    return order;
  }

  /** Moves a placed order on; the loser of two counters answers 409. */
  async function moveOrder(
    actor: PurchaseActor,
    order: EmployeeOrderJoined,
    to: 'verified' | 'cancelled',
    then?: (tx: Database) => Promise<void>,
  ) {
    const now = clock();
    await db.transaction(async (tx) => {
      const moved = await repo.moveOrder(tx, order.id, 'placed', {
        status: to,
        handledByName: actor.user.nickName,
        ...(to === 'verified' ? { verifiedAt: now } : { cancelledAt: now }),
      });
      if (!moved) throw conflict(TEXT.orderChanged, 'EMPLOYEE_ORDER_CHANGED');
      await then?.(tx);
      await audited(
        actor,
        `employee_purchase.${to === 'verified' ? 'verify' : 'cancel'}`,
        order.orderNo,
        {
          status: 'placed',
        },
        { status: to },
      )(tx);
    });
    return detailOf(actor, (await repo.order(actor.storeId, order.orderNo))!);
  }

  return {
    async querySku(storeId: number, keyword: string | null | undefined): Promise<StaffSku[]> {
      const rows = await repo.staffSkus(storeId, keyword);
      return rows.map((row) => ({ ...row, stock: Number(row.stock), buyable: buyableOf(row) }));
    },

    async combinations(): Promise<StaffCombination[]> {
      const { rows, goods } = await repo.combinations();
      return rows.map((row) => {
        const items = row.items.map((item) => ({ item, sku: goods.get(item.skuId) }));
        return {
          id: row.id,
          code: row.code,
          name: row.name,
          staffCents: row.staffCents,
          retailCents: items.reduce((sum, { item, sku }) => sum + (sku?.priceCents ?? 0) * item.quantity, 0),
          items: items.map(({ item, sku }) => ({
            skuCode: sku?.skuCode ?? '',
            name: sku?.name ?? '',
            quantity: item.quantity,
          })),
        };
      });
    },

    async safeStock(storeId: number, skuId: number): Promise<SafeStock> {
      const sku = (await repo.staffSkus(storeId, null)).find((row) => row.skuId === skuId);
      if (!sku) throw notFound(TEXT.skuNotFound, 'SKU_NOT_FOUND');
      const stock = await repo.stockOf(storeId, skuId);
      return { skuId, ...stock, buyable: buyableOf(stock) };
    },

    async queryEpc(storeId: number, code: string): Promise<EpcInfo> {
      const epc = await storeEpc(storeId, code);
      if (epc.staffCents === null) throw refuse('EPC_NOT_FOR_STAFF', TEXT.notForStaff);
      const status = epc.status as EpcStatus;
      return {
        epc: epc.epc,
        skuId: epc.skuId,
        skuCode: epc.skuCode,
        name: epc.name,
        spec: epc.spec,
        staffCents: epc.staffCents,
        status,
        statusText: EPC_STATUS_TEXT[status],
      };
    },

    /** Scans a code into the caller's draft: the store's, of the SKU asked for, unsold, within quota and stock. */
    async checkSku(actor: PurchaseActor, request: CheckSkuRequest): Promise<PurchaseDraft> {
      const epc = await storeEpc(actor.storeId, request.epc);
      if (request.skuId && request.skuId !== epc.skuId) throw refuse('EPC_WRONG_SKU', TEXT.wrongSku);
      if (epc.status === 'sold') throw conflict(TEXT.epcSold(epc.epc), 'EPC_SOLD');
      if (epc.staffCents === null) throw refuse('EPC_NOT_FOR_STAFF', TEXT.notForStaff);
      const draft = await repo.draft(actor.storeId, actor.user.id);
      const scanned = draft ? await repo.lines(draft.id) : [];
      if (scanned.some((line) => line.epcId === epc.id)) throw conflict(TEXT.epcScanned, 'EPC_SCANNED');
      const { totalCents } = await priceOf([...scanned, { skuId: epc.skuId, staffCents: epc.staffCents }]);
      assertWithinQuota(await quotaOf(actor.user.id), scanned.length + 1, totalCents);
      const sameSku = scanned.filter((line) => line.skuId === epc.skuId).length;
      await assertAboveSafeStock(actor.storeId, epc.skuId, sameSku + 1);
      const staffCents = epc.staffCents;
      const orderId = await db.transaction(async (tx) => {
        const order = await repo.ensureDraft(tx, {
          storeId: actor.storeId,
          userId: actor.user.id,
          orderNo: newEmployeePurchaseNo(clock()),
          at: clock(),
        });
        if (!(await repo.addLine(tx, { orderId: order.id, epcId: epc.id, skuId: epc.skuId, staffCents })))
          throw conflict(TEXT.epcScanned, 'EPC_SCANNED');
        await audited(actor, 'employee_purchase.scan', order.orderNo, null, { epc: epc.epc, staffCents })(tx);
        return order.id;
      });
      return draftOf(actor, orderId);
    },

    async draft(actor: PurchaseActor): Promise<PurchaseDraft> {
      const draft = await repo.draft(actor.storeId, actor.user.id);
      return draftOf(actor, draft?.id ?? null);
    },

    async deleteDraftEpc(actor: PurchaseActor, code: string): Promise<PurchaseDraft> {
      const draft = await repo.draft(actor.storeId, actor.user.id);
      const epc = await repo.epc(code);
      if (!draft || !epc) throw notFound(TEXT.epcNotInDraft, 'EPC_NOT_IN_DRAFT');
      await db.transaction(async (tx) => {
        if (!(await repo.deleteLine(tx, draft.id, epc.id)))
          throw notFound(TEXT.epcNotInDraft, 'EPC_NOT_IN_DRAFT');
        await audited(actor, 'employee_purchase.unscan', draft.orderNo, { epc: epc.epc }, null)(tx);
      });
      return draftOf(actor, draft.id);
    },

    async deleteDraft(actor: PurchaseActor): Promise<{ deleted: number }> {
      const draft = await repo.draft(actor.storeId, actor.user.id);
      if (!draft) return { deleted: 0 };
      const codes = (await repo.lines(draft.id)).map((line) => line.epc);
      await db.transaction(async (tx) => {
        await repo.deleteDraft(tx, draft.id);
        await audited(actor, 'employee_purchase.discard', draft.orderNo, { codes }, null)(tx);
      });
      return { deleted: codes.length };
    },

    /**
     * Places the draft in one transaction: the quota row locked (one employee's orders one at a time), every
     * code sold by one conditional update (a code another order sold first answers 409 and nothing is placed),
     * the safe stock checked with the SKU's safe-stock row locked.
     */
    async add(actor: PurchaseActor): Promise<PlacedOrder> {
      const draft = await repo.draft(actor.storeId, actor.user.id);
      const scanned = draft ? await repo.lines(draft.id) : [];
      if (!draft || !scanned.length) throw refuse('EMPLOYEE_PURCHASE_EMPTY', TEXT.emptyDraft);
      const now = clock();
      return db.transaction(async (tx) => {
        const { totalCents, combinations } = await priceOf(scanned, tx);
        assertWithinQuota(await quotaOf(actor.user.id, tx, true), scanned.length, totalCents);
        for (const skuId of new Set(scanned.map((line) => line.skuId)).values())
          await assertAboveSafeStock(
            actor.storeId,
            skuId,
            scanned.filter((line) => line.skuId === skuId).length,
            tx,
            true,
          );
        const sold = await repo.sellCodes(
          tx,
          draft.id,
          scanned.map((line) => line.epcId),
        );
        const lost = scanned.find((line) => !sold.has(line.epcId));
        if (lost) throw conflict(TEXT.epcSold(lost.epc), 'EPC_SOLD');
        const placed = await repo.moveOrder(tx, draft.id, 'draft', {
          status: 'placed',
          period: periodNow(),
          itemCount: scanned.length,
          totalCents,
          placedAt: now,
        });
        if (!placed) throw conflict(TEXT.orderChanged, 'EMPLOYEE_ORDER_CHANGED');
        const codes = scanned.map((line) => line.epc);
        await audited(
          actor,
          'employee_purchase.place',
          draft.orderNo,
          { status: 'draft', codes },
          // `code` keys are masked in audit rows as secrets: a combination is written `CODE×count`.
          {
            status: 'placed',
            codes,
            totalCents,
            combinations: combinations.map((set) => `${set.code}×${set.count}`),
          },
        )(tx);
        return { orderNo: draft.orderNo, itemCount: scanned.length, totalCents };
      });
    },

    async orderList(actor: PurchaseActor, filter: EmployeeOrderListRequest): Promise<EmployeeOrderPage> {
      const page = await repo.page(actor.storeId, filter);
      return mapPage(page, (row) => rowOf(actor, row));
    },

    async orderDetail(actor: PurchaseActor, orderNo: string): Promise<EmployeeOrderDetail> {
      return detailOf(actor, await requireOrder(actor, orderNo));
    },

    verifySkuQuery: lineOfOrder,
    cancelCheckSku: lineOfOrder,

    async verify(actor: PurchaseActor, request: OrderCodesRequest): Promise<EmployeeOrderDetail> {
      return moveOrder(actor, await scannedOrder(actor, request), 'verified');
    },

    /** Cancels a placed order once its codes are handed back: they return to stock in the same transaction. */
    async cancelOrder(actor: PurchaseActor, request: OrderCodesRequest): Promise<EmployeeOrderDetail> {
      const order = await scannedOrder(actor, request);
      return moveOrder(actor, order, 'cancelled', (tx) => repo.returnCodes(tx, order.id));
    },
  };
}

export type EmployeePurchaseService = ReturnType<typeof createEmployeePurchaseService>;
