import {
  REQUEST_GOODS_STATUS_TEXT,
  type RequestGoodsAction,
  type RequestGoodsDetail,
  type RequestGoodsPage,
  type RequestGoodsRow,
  type RequestGoodsStatus,
  type requestGoodsApplyBodySchema,
  type requestGoodsListBodySchema,
  type requestGoodsReceiveBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, notFound } from '../../http/errors.js';
import { shanghaiDateTime } from '../im/message-format.js';
import {
  createInventoryDocKit,
  type InventoryDocDeps,
  outstandingOf,
  pricedLines,
  receiveLines,
  runDocAction,
  type DocRef,
} from './inventory-doc.js';
import { newRequestNo } from './inventory-numbers.js';
import { inTransaction, type InventoryActor, type Messenger } from './inventory-tx.js';
import type { StockDoc } from './stock-ledger.js';
import {
  createRequestGoodsRepository,
  type RequestRecord,
  type RequestView,
} from './request-goods.repository.js';

type ApplyBody = z.output<typeof requestGoodsApplyBodySchema>;
type ListBody = z.output<typeof requestGoodsListBodySchema>;
type ReceiveBody = z.output<typeof requestGoodsReceiveBodySchema>;

export const REQUEST_GOODS_PERMISSION = 'requestGoods:apply';
const DOC_TYPE = 'request';
/** Spec 4.9: 9 requested goods out of stock (inventory family); 31 / 32 request audit passed / rejected. */
export const REQUEST_GOODS_MESSAGE = { shortage: 9, passed: 31, rejected: 32 } as const;

export const REQUEST_GOODS_TEXT = {
  notFound: '要货单不存在',
  noWarehouse: '尚未设置中心仓，暂不能要货',
  fromWarehouse: '中心仓不能向自己要货',
  skuMissing: (id: number) => `商品 ${id} 不存在或已停用`,
  noPermission: '您没有申请要货的权限',
  shortage: (no: string, lines: string) => `要货单 ${no} 中心仓缺货：${lines}`,
};

const ACTION_TEXT: Record<string, string> = {
  apply: '申请要货',
  approve: '审核通过',
  reject: '审核驳回',
  ship: '中心仓发货',
  receive: '收货',
  cancel: '撤回',
};
const VERB: Record<RequestGoodsAction, string> = { receive: '收货', cancel: '撤回' };

function actionsFor(status: RequestGoodsStatus): RequestGoodsAction[] {
  if (status === 'pending_review') return ['cancel'];
  if (status === 'in_transit' || status === 'partially_received') return ['receive'];
  return [];
}

export function toRequestRow(view: RequestView): RequestGoodsRow {
  const status = view.status as RequestGoodsStatus;
  return {
    id: view.id,
    requestNo: view.requestNo,
    status,
    statusText: REQUEST_GOODS_STATUS_TEXT[status],
    warehouseName: view.warehouseName,
    lineCount: view.lineCount,
    totalQuantity: view.totalQuantity,
    valueCents: view.valueCents,
    hasShortage: view.hasShortage,
    hasDiscrepancy: view.hasDiscrepancy,
    requestedByName: view.requestedByName,
    createdAt: shanghaiDateTime(view.createdAt),
    updatedAt: shanghaiDateTime(view.updatedAt),
  };
}

/**
 * 要货管理 (docs/domain/inventory.md "Request goods"): a store asks the warehouse; the request audit (busiType 1,
 * to-do 21) decides; on approval the warehouse ships what it has through the ledger (the rest is short: message
 * 9) and the store receives per line as it does a transfer.
 */
export function createRequestGoodsService(deps: InventoryDocDeps) {
  const { db, clock, producer, audit, ledger, approvals } = deps;
  const repo = createRequestGoodsRepository(db);
  const kit = createInventoryDocKit<RequestGoodsStatus>({
    db,
    clock,
    docType: DOC_TYPE,
    noun: '要货单',
    statusText: REQUEST_GOODS_STATUS_TEXT,
    actionText: ACTION_TEXT,
    expandInfo: (ref) => ({ orderNo: ref.no }),
  });
  const refOf = (r: RequestRecord): DocRef => ({ id: r.id, no: r.requestNo, status: r.status });
  const docOf = (r: RequestRecord, userId: number | null): StockDoc => ({
    type: DOC_TYPE,
    id: r.id,
    no: r.requestNo,
    userId,
  });

  async function move(tx: Database, r: RequestRecord, to: RequestGoodsStatus, set = {}) {
    if (!(await repo.update(tx, r, { ...set, status: to }))) throw kit.changed();
  }

  async function detail(actor: InventoryActor, id: number): Promise<RequestGoodsDetail> {
    const view = await repo.view(db, id);
    if (!view || view.storeId !== actor.storeId)
      throw notFound(REQUEST_GOODS_TEXT.notFound, 'REQUEST_GOODS_NOT_FOUND');
    const status = view.status as RequestGoodsStatus;
    const lines = await repo.lines(db, id);
    return {
      ...toRequestRow(view),
      remark: view.remark,
      rejectReason: view.rejectReason,
      lines: lines.map((l) => ({
        id: l.line.id,
        skuId: l.line.skuId,
        skuCode: l.skuCode,
        skuName: l.skuName,
        spec: l.spec,
        quantity: l.line.quantity,
        batchNo: l.line.batchNo,
        shipQuantity: l.line.shipQuantity,
        receivedQuantity: l.line.receivedQuantity,
        damagedQuantity: l.line.damagedQuantity,
        shortQuantity: l.line.shortQuantity,
        outstanding: ['in_transit', 'partially_received'].includes(status) ? outstandingOf(l) : 0,
      })),
      timeline: await kit.timeline(id),
      actions: actor.permissions.includes(REQUEST_GOODS_PERMISSION) ? actionsFor(status) : [],
    };
  }

  /** One action of the requesting store: lock (404 for another store's), state (409), then `run`. */
  async function act(
    actor: InventoryActor,
    id: number,
    action: RequestGoodsAction,
    run: (tx: Database, r: RequestRecord, messenger: Messenger) => Promise<void>,
  ): Promise<RequestGoodsDetail> {
    await runDocAction(deps, actor, {
      action: `requestGoods.${action}`,
      lock: (tx) => repo.lock(tx, id, actor.storeId),
      notFound: () => notFound(REQUEST_GOODS_TEXT.notFound, 'REQUEST_GOODS_NOT_FOUND'),
      check: (r) => {
        if (!actionsFor(r.status as RequestGoodsStatus).includes(action))
          throw kit.illegal(r.status as RequestGoodsStatus, VERB[action]);
      },
      run,
      target: (r) => r.requestNo,
      idKey: 'requestId',
    });
    return detail(actor, id);
  }

  /**
   * The warehouse ships each approved line from its best batch: what it has goes into the store's in-transit,
   * the rest is short (the request shows 缺货 and the store gets message 9). Nothing at all: `out_of_stock`.
   */
  async function shipFromWarehouse(tx: Database, r: RequestRecord, messenger: Messenger) {
    const doc = docOf(r, null);
    const short: string[] = [];
    let shipped = 0;
    for (const { line, skuName } of await repo.lines(tx, r.id)) {
      const batch = await repo.bestBatch(tx, r.warehouseStoreId, line.skuId);
      const quantity = Math.min(line.quantity, batch?.available ?? 0);
      if (quantity < line.quantity) short.push(`${skuName} 缺${line.quantity - quantity}`);
      if (quantity === 0) continue;
      const key = { skuId: line.skuId, batchNo: batch!.batchNo };
      const dates = await ledger.take(tx, { ...key, storeId: r.warehouseStoreId }, quantity, 'ship', doc, {
        reserved: false,
      });
      await ledger.increase(tx, { ...key, storeId: r.storeId }, dates, { inTransit: quantity }, 'ship', doc);
      await repo.updateLine(tx, line.id, { batchNo: batch!.batchNo, shipQuantity: quantity });
      shipped += quantity;
    }
    const to: RequestGoodsStatus = shipped > 0 ? 'in_transit' : 'out_of_stock';
    await move(tx, r, to, { hasShortage: short.length > 0 });
    await kit.event(tx, { ...refOf(r), status: 'pending_review' }, 'ship', to, null, short.join('；'));
    if (short.length)
      await messenger.send(
        kit.message(
          r.storeId,
          REQUEST_GOODS_MESSAGE.shortage,
          REQUEST_GOODS_TEXT.shortage(r.requestNo, short.join('、')),
          refOf(r),
        ),
      );
  }

  approvals.register(1, {
    async lockDocument(tx, docId) {
      await repo.lock(tx, docId, null);
    },
    async approve(tx, task, actor, messenger) {
      const r = (await repo.lock(tx, task.docId, null))!;
      if (r.status !== 'pending_review') throw kit.illegal(r.status as RequestGoodsStatus, '审核');
      await kit.event(tx, refOf(r), 'approve', 'pending_review', actor);
      await messenger.send(
        kit.result(
          r.storeId,
          REQUEST_GOODS_MESSAGE.passed,
          refOf(r),
          '审核已通过，中心仓发货',
          '',
          task.requesterId,
        ),
      );
      await shipFromWarehouse(tx, r, messenger);
    },
    async reject(tx, task, actor, reason, messenger) {
      const r = (await repo.lock(tx, task.docId, null))!;
      if (r.status !== 'pending_review') throw kit.illegal(r.status as RequestGoodsStatus, '审核');
      await move(tx, r, 'rejected', { rejectReason: reason.slice(0, 200) });
      await kit.event(tx, refOf(r), 'reject', 'rejected', actor, reason);
      await messenger.send(
        kit.result(
          r.storeId,
          REQUEST_GOODS_MESSAGE.rejected,
          refOf(r),
          '审核被驳回',
          reason,
          task.requesterId,
        ),
      );
    },
  });

  return {
    detail,

    async list(storeId: number, body: ListBody): Promise<RequestGoodsPage> {
      return mapPage(await repo.page(storeId, body), toRequestRow);
    },

    /** Submits a request (lines checked against the catalogue) and opens its audit: to-do 21 to the approvers. */
    async apply(actor: InventoryActor, body: ApplyBody): Promise<RequestGoodsDetail> {
      const warehouseStoreId = await repo.warehouseId();
      if (!warehouseStoreId)
        throw new AppError(422, 'REQUEST_GOODS_NO_WAREHOUSE', REQUEST_GOODS_TEXT.noWarehouse);
      if (warehouseStoreId === actor.storeId)
        throw new AppError(422, 'REQUEST_GOODS_WAREHOUSE', REQUEST_GOODS_TEXT.fromWarehouse);
      const valueCents = await pricedLines(
        db,
        body.lines,
        (skuId) => new AppError(422, 'REQUEST_GOODS_SKU', REQUEST_GOODS_TEXT.skuMissing(skuId)),
      );
      const now = clock();
      const id = await inTransaction(db, producer, async (tx, messenger) => {
        const requestNo = newRequestNo(now);
        const id = await repo.insert(
          tx,
          {
            requestNo,
            storeId: actor.storeId,
            warehouseStoreId,
            status: 'pending_review',
            requestedBy: actor.userId,
            valueCents,
            remark: body.remark,
            createdAt: now,
            updatedAt: now,
          },
          body.lines,
        );
        await kit.event(tx, { id, status: '' }, 'apply', 'pending_review', actor, body.remark);
        await approvals.open(tx, messenger, {
          busiType: 1,
          docId: id,
          docNo: requestNo,
          storeId: actor.storeId,
          otherStoreId: null,
          requesterId: actor.userId,
          valueCents,
          storeName: actor.storeName,
        });
        await audit.record(
          {
            action: 'requestGoods.apply',
            userId: actor.userId,
            target: requestNo,
            client: actor.client,
            detail: { before: null, after: { requestNo, status: 'pending_review', valueCents }, body },
          },
          tx,
        );
        return id;
      });
      return detail(actor, id);
    },

    cancel: (actor: InventoryActor, id: number, reason: string) =>
      act(actor, id, 'cancel', async (tx, r) => {
        await approvals.withdraw(tx, 1, r.id);
        await move(tx, r, 'cancelled', { rejectReason: reason.slice(0, 200) });
        await kit.event(tx, refOf(r), 'cancel', 'cancelled', actor, reason);
      }),

    receive: (actor: InventoryActor, body: ReceiveBody) =>
      act(actor, body.id, 'receive', async (tx, r) => {
        const { done, discrepancy, note } = await receiveLines(
          tx,
          ledger,
          r.storeId,
          await repo.lines(tx, r.id),
          body.lines,
          docOf(r, actor.userId),
          (lineId, set) => repo.updateLine(tx, lineId, set),
        );
        const to: RequestGoodsStatus = done ? 'received' : 'partially_received';
        await move(tx, r, to, discrepancy ? { hasDiscrepancy: true } : {});
        await kit.event(tx, refOf(r), 'receive', to, actor, note);
      }),
  };
}

export type RequestGoodsService = ReturnType<typeof createRequestGoodsService>;
