import {
  NEAR_SHOPS_MAX,
  type ClassSkuRow,
  type IntegralClassDetail,
  type IntegralClassRow,
  type classSkuFilters,
  type saveClassSkuBodySchema,
  type ShelfSkuRow,
  type shelvesStateBodySchema,
  type storeClassSkuFilters,
  type storeShelfFilters,
  type storeSkuFilters,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { listedStores, storesOfCodes } from '../stores/stores-of-codes.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminActor } from '../audit/admin-actor.js';
import type { AuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { shanghaiDateTime } from '../im/message-format.js';
import { metersBetween, originOf, type Coordinates } from '../stores/geo.js';
import { createPointsMallRepository, type ClassRecord } from './points-mall.repository.js';

export const POINTS_MALL_TEXT = {
  classNotFound: '积分分类不存在',
  nameTaken: '分类名称已存在，请换一个名称',
  notIntegralSkus: '所选商品不存在或不是积分商品',
  sortStale: '分类已有增减，请刷新后重新排序',
  unknownStores: (codes: string[]) => `门店不存在：${codes.join('、')}`,
  skuNotFound: '积分商品不存在',
  notManaged: '本门店无权管理该商品所在的积分分类',
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NO_SHOP_SKUS_MAX = 200;
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`));
const dayOf = (at: Date) => new Date(at.getTime() + 8 * HOUR_MS).toISOString().slice(0, 10);

type SkuFields = Omit<ClassSkuRow, 'validFrom' | 'validTo' | 'shelfStoreCount'> & {
  validFrom: Date | null;
  validTo: Date | null;
};
/** A SKU's row as the contract reads it: the window as days (its end stored as the next day's start). */
export function skuRowOf<T extends SkuFields>(
  sku: T,
): Omit<T, 'validFrom' | 'validTo'> & {
  validFrom: string | null;
  validTo: string | null;
} {
  return {
    ...sku,
    validFrom: sku.validFrom ? dayOf(sku.validFrom) : null,
    validTo: sku.validTo ? dayOf(new Date(sku.validTo.getTime() - 1)) : null,
  };
}

/**
 * The points mall's classes and shelves (docs/domain/points-mall.md): head office saves classes with their
 * SKUs and terms, sorts them and names the stores that manage each (every change audited); a store shelves the
 * SKUs of the classes it manages.
 */
export function createPointsMallService(deps: { db: Database; clock: Clock; audit: AuditLog }) {
  const { db, clock, audit } = deps;
  const repo = createPointsMallRepository(db);
  const change = auditedChanges(db, audit);
  const changeNamed = auditedChanges(db, audit, {
    raced: () => conflict(POINTS_MALL_TEXT.nameTaken, 'CLASS_NAME_TAKEN'),
  });

  async function classRows(storeId: number, tx: Database = db): Promise<IntegralClassRow[]> {
    const rows = await repo.classes(storeId, tx);
    return rows.map((r) => ({ ...r, updatedAt: shanghaiDateTime(r.updatedAt) }));
  }

  async function detailOf(c: ClassRecord, tx: Database = db): Promise<IntegralClassDetail> {
    const rows = await repo.classes(0, tx);
    const row = rows.find((r) => r.id === c.id)!;
    return {
      ...row,
      manageable: false,
      updatedAt: shanghaiDateTime(row.updatedAt),
      skus: (await repo.classSkus(c.id, tx)).map(skuRowOf),
      storeCodes: await repo.managerCodes(c.id, tx),
    };
  }

  async function lockedClass(tx: Database, id: number): Promise<ClassRecord> {
    const c = await repo.lockClass(tx, id);
    if (!c) throw notFound(POINTS_MALL_TEXT.classNotFound, 'CLASS_NOT_FOUND');
    return c;
  }

  async function termsOf(body: z.output<typeof saveClassSkuBodySchema>) {
    const ids = body.skus.map((s) => s.skuId);
    if ((await repo.integralSkuIds(ids)).length !== ids.length)
      throw new AppError(422, 'INTEGRAL_SKU_NOT_FOUND', POINTS_MALL_TEXT.notIntegralSkus);
    return body.skus.map((s) => ({
      skuId: s.skuId,
      points: s.points,
      cashCents: s.cashCents,
      perMemberLimit: s.perMemberLimit,
      validFrom: s.validFrom ? dayStart(s.validFrom) : null,
      validTo: s.validTo ? new Date(dayStart(s.validTo).getTime() + DAY_MS) : null,
    }));
  }

  async function storeSkuRow(storeId: number, skuId: number): Promise<ShelfSkuRow> {
    const row = await repo.storeSku(storeId, skuId);
    if (!row) throw notFound(POINTS_MALL_TEXT.skuNotFound, 'INTEGRAL_SKU_NOT_FOUND');
    return skuRowOf(row);
  }

  return {
    classList: (storeId: number) => classRows(storeId),

    async classDetail(id: number): Promise<IntegralClassDetail> {
      const c = await repo.classById(id);
      if (!c) throw notFound(POINTS_MALL_TEXT.classNotFound, 'CLASS_NOT_FOUND');
      return detailOf(c);
    },

    async classSkuPage(filter: z.output<typeof classSkuFilters.request>) {
      return mapPage(await repo.classSkuPage(filter), skuRowOf);
    },

    async noShopSkus(keyword: string | null | undefined) {
      return (await repo.noShopSkus(keyword, NO_SHOP_SKUS_MAX)).map(skuRowOf);
    },

    /** Adds a class (placed last) or edits one: its name, whether it is on, its SKUs and their points terms. */
    async saveClass(actor: AdminActor, body: z.output<typeof saveClassSkuBodySchema>) {
      const terms = await termsOf(body);
      const target = body.id ? `integral_class:${body.id}` : `integral_class:${body.name}`;
      return changeNamed(
        actor,
        body.id ? 'integral_class.update' : 'integral_class.add',
        target,
        async (tx) => {
          const now = clock();
          const before = body.id ? await detailOf(await lockedClass(tx, body.id), tx) : null;
          const saved = body.id
            ? (await repo.updateClass(tx, body.id, {
                name: body.name,
                enabled: body.enabled,
                updatedAt: now,
              }),
              await lockedClass(tx, body.id))
            : await repo.insertClass(tx, {
                name: body.name,
                enabled: body.enabled,
                sort: await repo.nextSort(tx),
                createdBy: actor.caller.user.id,
                createdAt: now,
                updatedAt: now,
              });
          await repo.setClassSkus(tx, saved.id, terms);
          const after = await detailOf(saved, tx);
          return { result: after, before, after };
        },
      );
    },

    /** Puts every class in the order given; 409 when classes were added or removed since the page read them. */
    async updateSort(actor: AdminActor, ids: readonly number[]): Promise<IntegralClassRow[]> {
      return change(actor, 'integral_class.sort', 'integral_classes', async (tx) => {
        const current = await repo.lockClassIds(tx);
        const given = new Set(ids);
        if (current.length !== ids.length || current.some((id) => !given.has(id)))
          throw conflict(POINTS_MALL_TEXT.sortStale, 'CLASS_SORT_STALE');
        const before = (await classRows(0, tx)).map((r) => r.id);
        await repo.setSort(tx, ids, clock());
        return { result: await classRows(0, tx), before: { ids: before }, after: { ids: [...ids] } };
      });
    },

    async setManageAuth(actor: AdminActor, classId: number, storeCodes: readonly string[]) {
      const found = await listedStores(db, storeCodes, POINTS_MALL_TEXT.unknownStores);
      return change(actor, 'integral_class.set_manage_auth', `integral_class:${classId}`, async (tx) => {
        const c = await lockedClass(tx, classId);
        const before = await repo.managerCodes(classId, tx);
        await repo.setManagers(
          tx,
          classId,
          found.map((s) => s.id),
        );
        await repo.updateClass(tx, classId, { updatedAt: clock() });
        const after = await detailOf(c, tx);
        return { result: after, before: { storeCodes: before }, after: { storeCodes: after.storeCodes } };
      });
    },

    async storeClassSkuPage(storeId: number, filter: z.output<typeof storeClassSkuFilters.request>) {
      return mapPage(await repo.storeClassSkuPage(storeId, filter), skuRowOf);
    },

    async storeSkuPage(storeId: number, filter: z.output<typeof storeSkuFilters.request>) {
      return mapPage(await repo.storeSkuPage(storeId, filter), skuRowOf);
    },

    /** A store shelves (or takes off) a SKU of a class it manages, with its stock; audited. */
    async shelve(
      actor: AdminActor,
      store: { id: number; shopCode: string },
      input: z.output<typeof shelvesStateBodySchema>,
    ): Promise<ShelfSkuRow> {
      const sku = await repo.integralSku(input.skuId);
      if (!sku || sku.kind !== 'integral')
        throw notFound(POINTS_MALL_TEXT.skuNotFound, 'INTEGRAL_SKU_NOT_FOUND');
      if (!(await repo.manages(store.id, input.skuId)))
        throw forbidden(POINTS_MALL_TEXT.notManaged, 'CLASS_NOT_MANAGED');
      const before = await storeSkuRow(store.id, input.skuId);
      await change(actor, 'integral_shelf.state', `${store.shopCode}:${before.skuCode}`, async (tx) => {
        const { onShelf, stock } = input;
        await repo.putShelf(tx, {
          storeId: store.id,
          skuId: input.skuId,
          onShelf,
          stock,
          updatedBy: actor.caller.user.id,
          at: clock(),
        });
        return {
          result: null,
          before: { onShelf: before.onShelf, stock: before.stock },
          after: { onShelf, stock },
        };
      });
      return storeSkuRow(store.id, input.skuId);
    },

    async shelvesPage(filter: z.output<typeof storeShelfFilters.request>) {
      let storeId: number | null = null;
      if (filter.shelfStoreCode) {
        const [found] = await storesOfCodes(db, [filter.shelfStoreCode]);
        if (!found) return { list: [], total: 0, pageNum: filter.pageNum, pageSize: filter.pageSize };
        storeId = found.id;
      }
      return mapPage(await repo.shelvesPage({ ...filter, storeId }), (r) => ({
        ...r,
        updatedAt: shanghaiDateTime(r.updatedAt),
      }));
    },

    /**
     * Stores with the SKU on their shelf and in stock, nearest first to the member's position, else to the store
     * asking (else the default position, as the store finder does).
     */
    async nearShops(skuId: number, storeId: number, point: Partial<Coordinates>) {
      const here =
        point.latitude !== undefined && point.longitude !== undefined
          ? point
          : await repo.storeLocation(storeId);
      const origin = originOf(here ?? {});
      const rows = await repo.shelvingStores(skuId);
      return rows
        .map(({ latitude, longitude, ...shop }) => ({
          ...shop,
          distanceMeters: metersBetween(origin, { latitude, longitude }),
        }))
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, NEAR_SHOPS_MAX);
    },
  };
}
