import {
  INVENTORY_COUNT_CAP,
  TRANSFER_STATUS_TEXT,
  type TransferAction,
  type TransferDetail,
  type TransferPage,
  type TransferRow,
  type TransferStatus,
  type TransferDispatchResult,
  type transferApplyBodySchema,
  type transferConfirmBatchBodySchema,
  type transferDispatchBodySchema,
  type transferListBodySchema,
  type transferReceiveBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { keysetPage } from '../../db/paged-query.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { shanghaiDateTime } from '../im/message-format.js';
import { loadDataScope, storeIdsInScope } from '../roles/data-scope.js';
import {
  createInventoryDocKit,
  type InventoryDocDeps,
  pricedLines,
  receiveLines,
  runDocAction,
  type DocRef,
} from './inventory-doc.js';
import { inTransaction, type InventoryActor, type Messenger } from './inventory-tx.js';
import { newTransferNo } from './inventory-numbers.js';
import type { StockDoc } from './stock-ledger.js';
import { createTransfersRepository, type TransferRecord, type TransferView } from './transfers.repository.js';

type ApplyBody = z.output<typeof transferApplyBodySchema>;
type DispatchBody = z.output<typeof transferDispatchBodySchema>;
type StoreRef = { id: number; enabled: boolean };
type ListBody = z.output<typeof transferListBodySchema>;
type ConfirmBatchBody = z.output<typeof transferConfirmBatchBodySchema>;
type ReceiveBody = z.output<typeof transferReceiveBodySchema>;

export const TRANSFER_MESSAGE = {
  outReminder: 1,
  autoDispatched: 2,
  inReminder: 3,
  outAccepted: 4,
  shipped: 5,
  cancelledBeforeAccept: 6,
  cancelledAfterAccept: 7,
  cancelledWithBatch: 8,
} as const;
/** Approval results (business type 6). */
export const TRANSFER_RESULT = {
  acceptPassed: 33,
  acceptRejected: 34,
  shipPassed: 35,
  shipRejected: 36,
} as const;

export const TRANSFER_PERMISSIONS = {
  apply: 'transferIn:apply',
  /** Head office dispatches an automatic transfer-in between two stores of its scope. */
  dispatch: 'transferIn:dispatch',
  receive: 'transferIn:receive',
  cancelIn: 'transferIn:cancel',
  accept: 'transferOut:accept',
  ship: 'transferOut:ship',
} as const;

const DOC_TYPE = 'transfer';

export const TRANSFER_TEXT = {
  notFound: '调拨单不存在',
  fromStoreMissing: '调出门店不存在',
  fromStoreClosed: '调出门店已停业',
  toStoreMissing: '调入门店不存在',
  toStoreClosed: '调入门店已停业',
  sameStore: '不能向本店申请调拨',
  sameStores: '调入门店与调出门店不能相同',
  outOfScope: '调入或调出门店不在您的数据范围内',
  skuMissing: (id: number) => `商品 ${id} 不存在或已停用`,
  notYourSide: (action: string) => `本店不能${action}该调拨单`,
  noPermission: (action: string) => `您没有${action}的权限`,
  batchLines: '请为每一种商品填写一个发货批次',
  unknownLine: (id: number) => `调拨明细 ${id} 不属于该调拨单`,
  shipTooMany: (name: string, max: number) => `${name} 的发货数量不能超过申请数量 ${max}`,
  noBatch: (name: string, batchNo: string) => `本店没有 ${name} 的批次 ${batchNo}`,
  applied: (no: string, storeName: string) => `${storeName} 申请从本店调入货品，调拨单 ${no}，请及时接单`,
  dispatchedOut: (no: string, storeName: string) =>
    `总部派单：${storeName} 从本店调入货品，调拨单 ${no}，请及时接单`,
  dispatchedIn: (no: string, storeName: string) => `总部已派单：本店从 ${storeName} 调入货品，调拨单 ${no}`,
  acceptedIn: (no: string, storeName: string) => `${storeName} 已接受调拨单 ${no}，等待发货`,
  acceptedOut: (no: string) => `调拨单 ${no} 接单审核已通过，请确认发货批次`,
  shipped: (no: string, storeName: string) => `${storeName} 已发出调拨单 ${no} 的货品，请收货`,
  cancelled: (no: string, reason: string) => `调拨单 ${no} 已取消：${reason}`,
};

const ACTION_TEXT: Record<string, string> = {
  apply: '申请调入',
  dispatch: '总部派单',
  accept: '接单',
  accept_approved: '接单审核通过',
  accept_rejected: '接单审核驳回',
  refuse: '拒绝接单',
  confirm_batch: '确认发货批次',
  ship_approved: '发货审核通过',
  ship_rejected: '发货审核驳回',
  ship: '发货',
  receive: '收货',
  cancel: '取消',
};

/** Which transfer-in cancelled message (6, 7, 8) a cancellation in this state sends. */
function cancelMessageOf(status: TransferStatus): number {
  if (status === 'pending_accept' || status === 'accept_review')
    return TRANSFER_MESSAGE.cancelledBeforeAccept;
  if (status === 'accepted') return TRANSFER_MESSAGE.cancelledAfterAccept;
  return TRANSFER_MESSAGE.cancelledWithBatch;
}

/** The states each store may cancel in (the giving store refuses at pending_accept instead). */
const CANCELLABLE: Record<'in' | 'out', readonly TransferStatus[]> = {
  in: ['pending_accept', 'accept_review', 'accepted', 'ship_review', 'ready_to_ship'],
  out: ['accepted', 'ready_to_ship'],
};

/** The actions of one side in one state, before permissions. */
function actionsFor(side: 'in' | 'out', status: TransferStatus): TransferAction[] {
  const actions: TransferAction[] = [];
  if (side === 'out') {
    if (status === 'pending_accept') actions.push('accept', 'refuse');
    if (status === 'accepted') actions.push('confirmBatch');
    if (status === 'ready_to_ship') actions.push('ship');
  } else if (status === 'in_transit' || status === 'partially_received') actions.push('receive');
  if (CANCELLABLE[side].includes(status)) actions.push('cancel');
  return actions;
}

const ACTION_PERMISSION: Record<'in' | 'out', Record<TransferAction, string>> = {
  in: {
    accept: TRANSFER_PERMISSIONS.accept,
    refuse: TRANSFER_PERMISSIONS.accept,
    confirmBatch: TRANSFER_PERMISSIONS.ship,
    ship: TRANSFER_PERMISSIONS.ship,
    receive: TRANSFER_PERMISSIONS.receive,
    cancel: TRANSFER_PERMISSIONS.cancelIn,
  },
  out: {
    accept: TRANSFER_PERMISSIONS.accept,
    refuse: TRANSFER_PERMISSIONS.accept,
    confirmBatch: TRANSFER_PERMISSIONS.ship,
    ship: TRANSFER_PERMISSIONS.ship,
    receive: TRANSFER_PERMISSIONS.receive,
    cancel: TRANSFER_PERMISSIONS.accept,
  },
};

const ACTION_VERB: Record<TransferAction, string> = {
  accept: '接单',
  refuse: '拒绝接单',
  confirmBatch: '确认发货批次',
  ship: '发货',
  receive: '收货',
  cancel: '取消',
};

export function toRow(view: TransferView): TransferRow {
  const status = view.status as TransferStatus;
  return {
    id: view.id,
    transferNo: view.transferNo,
    origin: view.origin as 'apply' | 'dispatch',
    status,
    statusText: TRANSFER_STATUS_TEXT[status],
    toStoreCode: view.toStoreCode,
    toStoreName: view.toStoreName,
    fromStoreCode: view.fromStoreCode,
    fromStoreName: view.fromStoreName,
    lineCount: view.lineCount,
    totalQuantity: view.totalQuantity,
    hasDiscrepancy: view.hasDiscrepancy,
    requestedByName: view.requestedByName,
    createdAt: shanghaiDateTime(view.createdAt),
    updatedAt: shanghaiDateTime(view.updatedAt),
  };
}

/**
 * Transfers between stores (docs/domain/inventory.md "Transfer"): each action locks the transfer (only a store
 * party to it finds it), checks side, permission and state (409 with the state's name), changes it with the
 * ledger movements, the timeline, the audit row and the messages in one transaction.
 */
export function createTransfersService(deps: InventoryDocDeps) {
  const { db, clock, producer, audit, ledger, approvals } = deps;
  const repo = createTransfersRepository(db);
  const kit = createInventoryDocKit<TransferStatus>({
    db,
    clock,
    docType: DOC_TYPE,
    noun: '调拨单',
    statusText: TRANSFER_STATUS_TEXT,
    actionText: ACTION_TEXT,
    expandInfo: (ref) => ({ orderNo: ref.no, inOrderNo: ref.no }),
  });
  const refOf = (t: Pick<TransferRecord, 'id' | 'transferNo' | 'status'>): DocRef => ({
    id: t.id,
    no: t.transferNo,
    status: t.status,
  });

  const sideOf = (t: Pick<TransferRecord, 'toStoreId'>, storeId: number): 'in' | 'out' =>
    t.toStoreId === storeId ? 'in' : 'out';
  const docOf = (t: TransferRecord, userId: number | null): StockDoc => ({
    type: DOC_TYPE,
    id: t.id,
    no: t.transferNo,
    userId,
  });
  const message = (
    storeId: number,
    messageType: number,
    text: string,
    t: Pick<TransferRecord, 'id' | 'transferNo' | 'status'>,
    options: { except?: number } = {},
  ) => kit.message(storeId, messageType, text, refOf(t), options);

  /** An audit's result (33–36) to the clerk who asked for it. */
  const result = (t: TransferRecord, type: number, what: string, reason: string, requesterId: number) =>
    kit.result(t.fromStoreId, type, refOf(t), what, reason, requesterId);

  /** Opens the giving store's audit (4 accept, 3 shipping confirm) of a transfer, asked by `requesterId`. */
  const openAudit = async (
    tx: Database,
    messenger: Messenger,
    busiType: 3 | 4,
    t: TransferRecord,
    requesterId: number,
  ) =>
    approvals.open(tx, messenger, {
      busiType,
      docId: t.id,
      docNo: t.transferNo,
      storeId: t.fromStoreId,
      otherStoreId: t.toStoreId,
      requesterId,
      valueCents: 0,
      storeName: await storeName(tx, t, 'out'),
    });

  /** A party's name for a message: the acting store's as the request scoped it, the other one read. */
  async function storeName(
    tx: Database,
    t: TransferRecord,
    side: 'in' | 'out',
    actor?: Pick<InventoryActor, 'storeId' | 'storeName'>,
  ): Promise<string> {
    if (actor?.storeId === (side === 'in' ? t.toStoreId : t.fromStoreId)) return actor.storeName;
    const view = await repo.view(tx, t.id);
    return side === 'in' ? view!.toStoreName : view!.fromStoreName;
  }

  const event = (
    tx: Database,
    t: TransferRecord,
    action: string,
    to: TransferStatus,
    actor: { userId: number; nickName: string } | null,
    note = '',
  ) => kit.event(tx, refOf(t), action, to, actor, note);

  async function move(
    tx: Database,
    t: TransferRecord,
    to: TransferStatus,
    set: Parameters<typeof repo.update>[2] = {},
  ) {
    if (!(await repo.update(tx, t, { ...set, status: to }))) throw kit.changed();
  }

  async function detail(actor: InventoryActor, id: number, tx: Database = db): Promise<TransferDetail> {
    // Read together: lines and timeline of a transfer the store is not party to are dropped unseen.
    const [view, lines, timeline] = await Promise.all([
      repo.view(tx, id),
      repo.lines(tx, id),
      kit.timeline(id, tx),
    ]);
    if (!view || (view.toStoreId !== actor.storeId && view.fromStoreId !== actor.storeId))
      throw notFound(TRANSFER_TEXT.notFound, 'TRANSFER_NOT_FOUND');
    const side = sideOf(view, actor.storeId);
    const status = view.status as TransferStatus;
    return {
      ...toRow(view),
      side,
      remark: view.remark,
      cancelReason: view.cancelReason,
      lines: lines.map(({ line, skuCode, skuName, spec }) => ({
        id: line.id,
        skuId: line.skuId,
        skuCode,
        skuName,
        spec,
        quantity: line.quantity,
        batchNo: line.batchNo,
        shipQuantity: line.shipQuantity,
        receivedQuantity: line.receivedQuantity,
        damagedQuantity: line.damagedQuantity,
        shortQuantity: line.shortQuantity,
        outstanding: ['in_transit', 'partially_received'].includes(status)
          ? line.shipQuantity - line.receivedQuantity - line.damagedQuantity - line.shortQuantity
          : 0,
      })),
      timeline,
      actions: actionsFor(side, status).filter((a) => actor.permissions.includes(ACTION_PERMISSION[side][a])),
    };
  }

  /**
   * One action of a store on a transfer: lock (404 for a store not party to it), side, permission, state, then
   * `run` in the same transaction; answers the detail as it is after the commit.
   */
  async function act(
    actor: InventoryActor,
    id: number,
    action: TransferAction,
    run: (tx: Database, t: TransferRecord, side: 'in' | 'out', messenger: Messenger) => Promise<void>,
  ): Promise<TransferDetail> {
    await runDocAction(deps, actor, {
      action: `transfer.${action}`,
      lock: (tx) => repo.lock(tx, id, actor.storeId),
      notFound: () => notFound(TRANSFER_TEXT.notFound, 'TRANSFER_NOT_FOUND'),
      check: (t) => {
        const side = sideOf(t, actor.storeId);
        const verb = ACTION_VERB[action];
        const status = t.status as TransferStatus;
        if (!actionsFor(side, status).includes(action)) {
          if (isSideAction(action, side === 'in' ? 'out' : 'in'))
            throw new AppError(403, 'TRANSFER_SIDE', TRANSFER_TEXT.notYourSide(verb));
          throw kit.illegal(status, verb);
        }
        if (!actor.permissions.includes(ACTION_PERMISSION[side][action]))
          throw new AppError(403, 'PERMISSION_DENIED', TRANSFER_TEXT.noPermission(verb));
      },
      run: (tx, t, messenger) => run(tx, t, sideOf(t, actor.storeId), messenger),
      target: (t) => t.transferNo,
      idKey: 'transferId',
    });
    return detail(actor, id);
  }

  /** Releases a confirmed batch's reservations at the giving store and clears the batch. */
  async function releaseBatch(tx: Database, t: TransferRecord, userId: number | null) {
    for (const { line } of await repo.lines(tx, t.id)) {
      if (line.shipQuantity > 0)
        await ledger.release(
          tx,
          { storeId: t.fromStoreId, skuId: line.skuId, batchNo: line.batchNo },
          line.shipQuantity,
          docOf(t, userId),
        );
      await repo.updateLine(tx, line.id, { batchNo: '', shipQuantity: 0 });
    }
  }

  // The two audits of a transfer (busiType 4 accept, 3 shipping confirm), decided in 待我审核.
  const lockDocument = async (tx: Database, docId: number) => {
    await repo.lock(tx, docId, null);
  };
  async function lockedFor(tx: Database, docId: number, expected: TransferStatus, verb: string) {
    const t = (await repo.lock(tx, docId, null))!;
    if (t.status !== expected) throw kit.illegal(t.status as TransferStatus, verb);
    return t;
  }
  approvals.register(4, {
    lockDocument,
    async approve(tx, task, actor, messenger) {
      const t = await lockedFor(tx, task.docId, 'accept_review', '审核接单');
      await move(tx, t, 'accepted');
      await event(tx, t, 'accept_approved', 'accepted', actor);
      const giving = await storeName(tx, t, 'out');
      await messenger.send(
        result(t, TRANSFER_RESULT.acceptPassed, '接受调出审核已通过', '', task.requesterId),
      );
      await messenger.send(
        message(t.fromStoreId, TRANSFER_MESSAGE.outAccepted, TRANSFER_TEXT.acceptedOut(t.transferNo), t, {
          except: task.requesterId,
        }),
      );
      await messenger.send(
        message(t.toStoreId, TRANSFER_MESSAGE.inReminder, TRANSFER_TEXT.acceptedIn(t.transferNo, giving), t),
      );
    },
    async reject(tx, task, actor, reason, messenger) {
      const t = await lockedFor(tx, task.docId, 'accept_review', '审核接单');
      await move(tx, t, 'cancelled', { cancelReason: `接单审核驳回：${reason}`.slice(0, 200) });
      await event(tx, t, 'accept_rejected', 'cancelled', actor, reason);
      await messenger.send(
        result(t, TRANSFER_RESULT.acceptRejected, '接受调出审核被驳回', reason, task.requesterId),
      );
      await messenger.send(
        message(
          t.toStoreId,
          TRANSFER_MESSAGE.cancelledBeforeAccept,
          TRANSFER_TEXT.cancelled(t.transferNo, reason),
          t,
        ),
      );
    },
  });
  approvals.register(3, {
    lockDocument,
    async approve(tx, task, actor, messenger) {
      const t = await lockedFor(tx, task.docId, 'ship_review', '审核发货');
      await move(tx, t, 'ready_to_ship');
      await event(tx, t, 'ship_approved', 'ready_to_ship', actor);
      await messenger.send(
        result(t, TRANSFER_RESULT.shipPassed, '发货审核已通过，请发货', '', task.requesterId),
      );
    },
    async reject(tx, task, actor, reason, messenger) {
      const t = await lockedFor(tx, task.docId, 'ship_review', '审核发货');
      await releaseBatch(tx, t, actor.userId);
      await move(tx, t, 'accepted');
      await event(tx, t, 'ship_rejected', 'accepted', actor, reason);
      await messenger.send(
        result(t, TRANSFER_RESULT.shipRejected, '发货审核被驳回', reason, task.requesterId),
      );
    },
  });

  /** A store party to a new transfer: it exists and trades (422 naming the side otherwise). */
  async function openStore(code: string, side: 'from' | 'to'): Promise<StoreRef> {
    const store = await repo.storeByCode(code);
    const [missing, closed] =
      side === 'from'
        ? [TRANSFER_TEXT.fromStoreMissing, TRANSFER_TEXT.fromStoreClosed]
        : [TRANSFER_TEXT.toStoreMissing, TRANSFER_TEXT.toStoreClosed];
    const code422 = side === 'from' ? 'TRANSFER_FROM_STORE' : 'TRANSFER_TO_STORE';
    if (!store) throw new AppError(422, code422, missing);
    if (!store.enabled) throw new AppError(422, code422, closed);
    return store;
  }

  /**
   * A new transfer waiting for the giving store to accept: an application of the receiving store (the giving
   * store gets 1) or head office's dispatch (the receiving store gets 2, the giving store 1).
   */
  async function open(
    actor: InventoryActor,
    origin: 'apply' | 'dispatch',
    toStoreId: number,
    fromStoreId: number,
    body: Pick<ApplyBody, 'lines' | 'remark'>,
  ): Promise<TransferDispatchResult> {
    await pricedLines(
      db,
      body.lines,
      (skuId) => new AppError(422, 'TRANSFER_SKU', TRANSFER_TEXT.skuMissing(skuId)),
    );
    const now = clock();
    return inTransaction(db, producer, async (tx, messenger) => {
      const transferNo = newTransferNo(now);
      const id = await repo.insert(
        tx,
        {
          transferNo,
          origin,
          toStoreId,
          fromStoreId,
          status: 'pending_accept',
          requestedBy: actor.userId,
          remark: body.remark,
          createdAt: now,
          updatedAt: now,
        },
        body.lines,
      );
      const t = (await repo.lock(tx, id, null))!;
      await kit.event(tx, { id, status: '' }, origin, 'pending_accept', actor, body.remark);
      if (origin === 'dispatch') {
        const giving = await storeName(tx, t, 'out', actor);
        await messenger.send(
          message(
            toStoreId,
            TRANSFER_MESSAGE.autoDispatched,
            TRANSFER_TEXT.dispatchedIn(transferNo, giving),
            t,
          ),
        );
      }
      const outText = origin === 'dispatch' ? TRANSFER_TEXT.dispatchedOut : TRANSFER_TEXT.applied;
      const receiving = await storeName(tx, t, 'in', actor);
      await messenger.send(
        message(fromStoreId, TRANSFER_MESSAGE.outReminder, outText(transferNo, receiving), t),
      );
      await audit.record(
        {
          action: `transfer.${origin}`,
          userId: actor.userId,
          target: transferNo,
          client: actor.client,
          detail: {
            before: null,
            after: { transferNo, origin, status: 'pending_accept', toStoreId, fromStoreId },
            body,
          },
        },
        tx,
      );
      return { id, transferNo };
    });
  }

  return {
    detail: (actor: InventoryActor, id: number) => detail(actor, id),

    async list(storeId: number, body: ListBody): Promise<TransferPage> {
      return keysetPage(body, {
        kinds: ['id'],
        rows: async (window) => (await repo.page(storeId, body, window)).map(toRow),
        countUpTo: (limit) => repo.countUpTo(storeId, body, limit),
        cap: INVENTORY_COUNT_CAP,
        keyOf: (row) => [row.id],
      });
    },

    async apply(actor: InventoryActor, body: ApplyBody): Promise<TransferDetail> {
      const from = await openStore(body.fromStoreCode, 'from');
      if (from.id === actor.storeId) throw new AppError(422, 'TRANSFER_SAME_STORE', TRANSFER_TEXT.sameStore);
      const { id } = await open(actor, 'apply', actor.storeId, from.id, body);
      return detail(actor, id);
    },

    /**
     * Head office's automatic transfer-in (spec 4.9 type 2): a transfer from `fromStoreCode` to `toStoreCode`,
     * both in the caller's data scope, waiting for the giving store as an application does.
     */
    async dispatch(actor: InventoryActor, body: DispatchBody): Promise<TransferDispatchResult> {
      const to = await openStore(body.toStoreCode, 'to');
      const from = await openStore(body.fromStoreCode, 'from');
      if (to.id === from.id) throw new AppError(422, 'TRANSFER_SAME_STORE', TRANSFER_TEXT.sameStores);
      const inside = await storeIdsInScope(db, await loadDataScope(db, actor.userId), [to.id, from.id]);
      if (!inside.has(to.id) || !inside.has(from.id))
        throw forbidden(TRANSFER_TEXT.outOfScope, 'TRANSFER_SCOPE');
      return open(actor, 'dispatch', to.id, from.id, body);
    },

    accept: (actor: InventoryActor, id: number) =>
      act(actor, id, 'accept', async (tx, t, _side, messenger) => {
        await move(tx, t, 'accept_review', { acceptedBy: actor.userId });
        await event(tx, t, 'accept', 'accept_review', actor);
        await openAudit(tx, messenger, 4, t, actor.userId);
      }),

    refuse: (actor: InventoryActor, id: number, reason: string) =>
      act(actor, id, 'refuse', async (tx, t, _side, messenger) => {
        await move(tx, t, 'cancelled', { cancelReason: `调出门店拒绝：${reason}`.slice(0, 200) });
        await event(tx, t, 'refuse', 'cancelled', actor, reason);
        await messenger.send(
          message(
            t.toStoreId,
            TRANSFER_MESSAGE.cancelledBeforeAccept,
            TRANSFER_TEXT.cancelled(t.transferNo, reason),
            t,
          ),
        );
      }),

    cancel: (actor: InventoryActor, id: number, reason: string) =>
      act(actor, id, 'cancel', async (tx, t, side, messenger) => {
        const status = t.status as TransferStatus;
        if (status === 'accept_review') await approvals.withdraw(tx, 4, t.id);
        if (status === 'ship_review') await approvals.withdraw(tx, 3, t.id);
        if (status === 'ship_review' || status === 'ready_to_ship') await releaseBatch(tx, t, actor.userId);
        await move(tx, t, 'cancelled', { cancelReason: reason });
        await event(tx, t, 'cancel', 'cancelled', actor, reason);
        const other = side === 'in' ? t.fromStoreId : t.toStoreId;
        await messenger.send(
          message(other, cancelMessageOf(status), TRANSFER_TEXT.cancelled(t.transferNo, reason), t),
        );
      }),

    confirmBatch: (actor: InventoryActor, body: ConfirmBatchBody) =>
      act(actor, body.id, 'confirmBatch', async (tx, t, _side, messenger) => {
        const lines = await repo.lines(tx, t.id);
        const chosen = new Map(body.lines.map((l) => [l.lineId, l]));
        for (const l of body.lines)
          if (!lines.some(({ line }) => line.id === l.lineId))
            throw new AppError(422, 'TRANSFER_LINE', TRANSFER_TEXT.unknownLine(l.lineId));
        if (chosen.size !== body.lines.length || chosen.size !== lines.length)
          throw new AppError(422, 'TRANSFER_LINE', TRANSFER_TEXT.batchLines);
        const doc = docOf(t, actor.userId);
        for (const { line, skuName } of lines) {
          const pick = chosen.get(line.id)!;
          if (pick.quantity > line.quantity)
            throw new AppError(422, 'TRANSFER_QUANTITY', TRANSFER_TEXT.shipTooMany(skuName, line.quantity));
          if (!(await repo.batchExists(tx, t.fromStoreId, line.skuId, pick.batchNo)))
            throw new AppError(422, 'TRANSFER_BATCH', TRANSFER_TEXT.noBatch(skuName, pick.batchNo));
          await ledger.reserve(
            tx,
            { storeId: t.fromStoreId, skuId: line.skuId, batchNo: pick.batchNo },
            pick.quantity,
            doc,
          );
          await repo.updateLine(tx, line.id, { batchNo: pick.batchNo, shipQuantity: pick.quantity });
        }
        await move(tx, t, 'ship_review', { batchConfirmedBy: actor.userId });
        await event(
          tx,
          t,
          'confirm_batch',
          'ship_review',
          actor,
          lines
            .map(
              ({ line, skuName }) =>
                `${skuName} ${chosen.get(line.id)!.batchNo}×${chosen.get(line.id)!.quantity}`,
            )
            .join('；'),
        );
        await openAudit(tx, messenger, 3, t, actor.userId);
      }),

    ship: (actor: InventoryActor, id: number) =>
      act(actor, id, 'ship', async (tx, t, _side, messenger) => {
        const moves = (await repo.lines(tx, t.id))
          .filter(({ line }) => line.shipQuantity > 0)
          .map(({ line }) => ({
            from: t.fromStoreId,
            to: t.toStoreId,
            skuId: line.skuId,
            batchNo: line.batchNo,
            quantity: line.shipQuantity,
          }));
        // The confirmed batch's reservation leaves the giving store and arrives as goods in transit.
        await ledger.moveBetween(tx, moves, 'inTransit', 'ship', docOf(t, actor.userId), { reserved: true });
        await move(tx, t, 'in_transit');
        await event(tx, t, 'ship', 'in_transit', actor);
        const giving = await storeName(tx, t, 'out', actor);
        await messenger.send(
          message(t.toStoreId, TRANSFER_MESSAGE.shipped, TRANSFER_TEXT.shipped(t.transferNo, giving), t),
        );
      }),

    receive: (actor: InventoryActor, body: ReceiveBody) =>
      act(actor, body.id, 'receive', async (tx, t) => {
        const { done, discrepancy, note } = await receiveLines(
          tx,
          ledger,
          t.toStoreId,
          await repo.lines(tx, t.id),
          body.lines,
          docOf(t, actor.userId),
          (lineId, set) => repo.updateLine(tx, lineId, set),
        );
        const to: TransferStatus = done ? 'received' : 'partially_received';
        await move(tx, t, to, discrepancy ? { hasDiscrepancy: true } : {});
        await event(tx, t, 'receive', to, actor, note);
      }),
  };
}

function isSideAction(action: TransferAction, side: 'in' | 'out'): boolean {
  return side === 'out'
    ? ['accept', 'refuse', 'confirmBatch', 'ship'].includes(action)
    : action === 'receive';
}

export type TransfersService = ReturnType<typeof createTransfersService>;
