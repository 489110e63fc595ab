import { internalClient } from '../../http/client.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { rolesOf } from '../auth/session.service.js';
import type { ApprovalsService } from './approvals.service.js';
import { createDemoTrafficRepository } from './demo-traffic.repository.js';
import type { InventoryActor } from './inventory-tx.js';
import type { RequestGoodsService } from './request-goods.service.js';
import type { TransfersService } from './transfers.service.js';

type Random = () => number;

/** The inventory demo traffic moves one document once every this many demo-traffic intervals. */
export const INVENTORY_TRAFFIC_EVERY_INTERVALS = 4;

/**
 * The demo stores it acts on (the demo seed's Beijing stores with stock and transfers, db/seed/demo-inventory.ts)
 * and who acts for them: the demo clerk authorised for the store, and `admin` as the approver. A database without
 * them (anything but the demo) is left alone.
 */
export const DEMO_TRAFFIC_STORES = ['马驹桥店', '亦庄文化园店', '亦庄荣华店'] as const;
const DEMO_CLERKS = ['solo', 'staff'] as const;
const DEMO_APPROVER = 'admin';

/** The steps in the order they take turns: each tick moves the first document found from the next step on. */
export const TRAFFIC_STEPS = [
  'approve',
  'accept',
  'confirmBatch',
  'ship',
  'receive',
  'apply',
  'approve',
  'requestGoods',
] as const;
export type TrafficStep = (typeof TRAFFIC_STEPS)[number];

export type TrafficMove = { step: TrafficStep; docNo: string };

const DEMO_IP = '127.0.0.1';
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/**
 * Demo mode: now and then one demo document moves a step through the real services (an application, an accept,
 * a batch, a ship, a receipt, an approval, a request for goods), so its messages go out through the producer and
 * the lists change while someone looks. Only among the demo stores (DEMO_TRAFFIC_STORES), as their demo clerks.
 */
export function createDemoInventoryTraffic(deps: {
  db: Database;
  transfers: TransfersService;
  requestGoods: RequestGoodsService;
  approvals: ApprovalsService;
  random?: Random;
}) {
  const { db, transfers, requestGoods, approvals, random = Math.random } = deps;
  const repo = createDemoTrafficRepository(db);
  let next = 0;

  /** The demo stores and their actors, or null when this is not the demo database. */
  async function cast() {
    const stores = await repo.storesNamed(DEMO_TRAFFIC_STORES);
    if (stores.length < 2) return null;
    const people = await repo.usersNamed([...DEMO_CLERKS, DEMO_APPROVER]);
    const approver = people.get(DEMO_APPROVER);
    if (!approver) return null;
    const actorFor = async (
      user: { id: number; nickName: string },
      storeId: number,
    ): Promise<InventoryActor> => ({
      storeId,
      storeName: stores.find((s) => s.id === storeId)?.name ?? '',
      userId: user.id,
      nickName: user.nickName,
      permissions: await rolesOf(db, user.id),
      client: internalClient(DEMO_IP),
    });
    const clerkOf = (storeId: number) => {
      for (const name of DEMO_CLERKS) {
        const user = people.get(name);
        if (user?.storeIds.has(storeId)) return actorFor(user, storeId);
      }
      return null;
    };
    const ids = stores.map((s) => s.id);
    return { stores, ids, clerkOf, approver, approverFor: (storeId: number) => actorFor(approver, storeId) };
  }
  type Cast = NonNullable<Awaited<ReturnType<typeof cast>>>;

  /** A transfer in `status` among the demo stores and the actor of the side that moves it. */
  async function transferAt(c: Cast, status: string, side: 'from' | 'to') {
    const t = await repo.oldestTransfer(status, c.ids);
    if (!t) return null;
    const actor = await c.clerkOf(side === 'from' ? t.fromStoreId : t.toStoreId);
    return actor ? { id: t.id, actor } : null;
  }

  const steps: Record<TrafficStep, (c: Cast) => Promise<string | null>> = {
    async approve(c) {
      const task = await repo.oldestPendingTask(c.ids, c.approver.id);
      if (!task) return null;
      const actor = await c.approverFor(task.storeId);
      const row = await approvals.decide(actor, {
        storeCode: '',
        id: task.id,
        decision: 'approve',
        reason: '',
      });
      return row.docNo;
    },
    async accept(c) {
      const found = await transferAt(c, 'pending_accept', 'from');
      return found ? (await transfers.accept(found.actor, found.id)).transferNo : null;
    },
    async confirmBatch(c) {
      const found = await transferAt(c, 'accepted', 'from');
      if (!found) return null;
      const transfer = await transfers.detail(found.actor, found.id);
      const lines = [];
      for (const line of transfer.lines) {
        const batch = await repo.fullestBatch(found.actor.storeId, line.skuId);
        if (!batch) return null;
        lines.push({
          lineId: line.id,
          batchNo: batch.batchNo,
          quantity: Math.min(line.quantity, batch.available),
        });
      }
      return (await transfers.confirmBatch(found.actor, { storeCode: '', id: found.id, lines })).transferNo;
    },
    async ship(c) {
      const found = await transferAt(c, 'ready_to_ship', 'from');
      return found ? (await transfers.ship(found.actor, found.id)).transferNo : null;
    },
    async receive(c) {
      const found =
        (await transferAt(c, 'in_transit', 'to')) ?? (await transferAt(c, 'partially_received', 'to'));
      if (!found) return null;
      const transfer = await transfers.detail(found.actor, found.id);
      const lines = transfer.lines
        .filter((line) => line.outstanding > 0)
        .map((line) => ({ lineId: line.id, received: line.outstanding, damaged: 0, closeShort: false }));
      if (lines.length === 0) return null;
      return (await transfers.receive(found.actor, { storeCode: '', id: found.id, lines })).transferNo;
    },
    async apply(c) {
      const from = pick(random, c.stores);
      const to = pick(
        random,
        c.stores.filter((s) => s.id !== from.id),
      );
      const actor = await c.clerkOf(to.id);
      const offered = await repo.skusAvailableAt(from.id, 6);
      if (!actor || offered.length === 0) return null;
      const chosen = [...new Set([pick(random, offered), pick(random, offered)])];
      const lines = chosen.map((s) => ({
        skuId: s.skuId,
        quantity: Math.max(1, Math.min(s.available, 1 + Math.floor(random() * 3))),
      }));
      const transfer = await transfers.apply(actor, {
        storeCode: to.code,
        fromStoreCode: from.code,
        remark: '演示：门店补货',
        lines,
      });
      return transfer.transferNo;
    },
    async requestGoods(c) {
      const warehouseId = await repo.warehouseId();
      const store = pick(
        random,
        c.stores.filter((s) => s.id !== warehouseId),
      );
      const actor = await c.clerkOf(store.id);
      const offered = warehouseId === null ? [] : await repo.skusAvailableAt(warehouseId, 6);
      if (!actor || offered.length === 0) return null;
      const sku = pick(random, offered);
      const request = await requestGoods.apply(actor, {
        storeCode: store.code,
        remark: '演示：周末备货',
        lines: [
          { skuId: sku.skuId, quantity: Math.max(1, Math.min(sku.available, 2 + Math.floor(random() * 4))) },
        ],
      });
      return request.requestNo;
    },
  };

  return {
    /**
     * Moves one demo document: tries the steps from the next in turn until one moves something (a refusal such
     * as a batch sold out in between passes to the next step). Answers what moved, or null when nothing could.
     */
    async tick(): Promise<TrafficMove | null> {
      const c = await cast();
      if (!c) return null;
      for (let tried = 0; tried < TRAFFIC_STEPS.length; tried++) {
        const index = (next + tried) % TRAFFIC_STEPS.length;
        const step = TRAFFIC_STEPS[index]!;
        try {
          const docNo = await steps[step](c);
          if (docNo === null) continue;
          next = (index + 1) % TRAFFIC_STEPS.length;
          return { step, docNo };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return null;
    },
  };
}
