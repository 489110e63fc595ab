import {
  FULFILMENT_STATUS_TEXT,
  SHOP_OPTIONS_MAX,
  VALET_STATUS_TEXT,
  type FulfilmentStatus,
  type GroupInfo,
  type OpenWork,
  type ShopGroupRow,
  type StoreAdminFilters,
  type StoreAdminRow,
  type StoreStatus,
  type ValetStatus,
  type groupInfoBodySchema,
  type shopGroupCreateSchema,
  type shopGroupFilters,
  type shopGroupUpdateSchema,
  type storeAddBodySchema,
  type storeAdminFilters,
  type storeEditBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthCache } from '../auth/auth-cache.js';
import type { AdminActor } from '../audit/admin-actor.js';
import type { AuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { groupsOutside, type DataScope } from '../roles/data-scope.js';
import { regionText, resolveRegion, storeAddressOf, type AreaCatalogue } from '../stores/area-tree.js';
import type { GroupRecord, StoreRecord, StoresAdminRepository } from './stores-admin.repository.js';

const unprocessable = (message: string, code: string) => new AppError(422, code, message);

export const STORE_ADMIN_TEXT = {
  storeNotFound: '门店不存在或已被删除',
  groupNotFound: '门店分组不存在或已被删除',
  region: '请选择正确的省市区',
  codeTaken: (code: string) => `门店编号「${code}」已被使用，请重新获取编号`,
  codeExhausted: '暂时无法生成门店编号，请稍后重试',
  alreadyOpen: '门店已在营业，无需重新开业',
  alreadyClosed: '门店已停业',
  openWork: (orders: number, valet: number) =>
    `门店还有${orders}个未完成订单、${valet}个待确认代客订单，请先查看这些订单并确认后再停业`,
  groupNameTaken: (name: string) => `已有名为「${name}」的门店分组`,
  groupHasStores: (name: string, n: number) => `门店分组「${name}」下还有${n}家门店，请先把门店移到其他分组`,
  groupRaced: '门店分组已被他人修改，请刷新后重试',
  groupNamedByRoles: (name: string, n: number) =>
    `门店分组「${name}」是${n}个角色的数据权限，请先在角色管理中取消这些角色对它的选择`,
  groupOutOfScope: (name: string) => `门店分组「${name}」不在您的数据权限内，不能把门店开在或移到该分组`,
  groupNotManaged: (name: string) => `门店分组「${name}」不在您的数据权限内，不能修改或删除`,
  groupCreateNeedsAll: '只有数据权限为“全部门店”的用户可以新建门店分组（新分组不在其他数据权限内）',
} as const;

/** Store codes: MD and six digits of the sequence (MD000001); more digits once a million stores were opened. */
export const shopCodeOf = (n: number) => `MD${String(n).padStart(6, '0')}`;
const CODE_TRIES = 20;

type Add = z.output<typeof storeAddBodySchema>;
type Edit = z.output<typeof storeEditBodySchema>;
type GroupCreate = z.output<typeof shopGroupCreateSchema>;
type GroupUpdate = z.output<typeof shopGroupUpdateSchema>;

const statusOf = (enabled: boolean): StoreStatus => (enabled ? 'open' : 'closed');

export function storeRowOf(record: StoreRecord): StoreAdminRow {
  const { shopProvinceName, shopCityName, shopCountyName, enabled, createdAt, updatedAt, ...rest } = record;
  return {
    ...rest,
    regionName: regionText({
      provinceName: shopProvinceName,
      cityName: shopCityName,
      countyName: shopCountyName,
    }),
    status: statusOf(enabled),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export type StoresAdminDeps = {
  db: Database;
  repo: StoresAdminRepository;
  areas: AreaCatalogue;
  audit: AuditLog;
  clock: Clock;
  /** Store authorisations are cached with the store: a change drops them on every instance. */
  authCache: Pick<AuthCache, 'forgetAll'>;
  /** The caller's data scope: the stores head office sees and changes here (modules/roles/data-scope.ts). */
  dataScopes: (caller: AuthContext) => Promise<DataScope>;
};

/** 门店管理 and 门店分组 (docs/domain/stores-admin.md): every change in one transaction with its audit row. */
export function createStoresAdminService({
  db,
  repo,
  areas,
  audit,
  clock,
  authCache,
  dataScopes,
}: StoresAdminDeps) {
  const change = auditedChanges(db, audit);

  /** The store, 404 when missing or (with `scope`) outside the caller's data scope: as if it did not exist. */
  async function storeOrThrow(
    id: number,
    tx?: Database,
    options: { lock?: boolean; scope?: DataScope } = {},
  ): Promise<StoreRecord> {
    const store = await repo.find(id, tx, options);
    if (!store) throw notFound(STORE_ADMIN_TEXT.storeNotFound, 'STORE_NOT_FOUND');
    return store;
  }

  async function groupOrThrow(tx: Database, id: number, status = 422): Promise<GroupRecord> {
    const group = await repo.group(id, tx);
    if (!group) throw new AppError(status, 'SHOP_GROUP_NOT_FOUND', STORE_ADMIN_TEXT.groupNotFound);
    return group;
  }

  /**
   * A group the caller renames or deletes: 404 when their scope does not reach it (as if it did not exist),
   * 403 when it reaches it only through their own stores (one of the scope's groups is needed to change it).
   */
  async function managedGroupOrThrow(tx: Database, id: number, scope: DataScope): Promise<GroupRecord> {
    const group = await repo.group(id, tx, scope);
    if (!group) throw notFound(STORE_ADMIN_TEXT.groupNotFound, 'SHOP_GROUP_NOT_FOUND');
    if (groupsOutside(scope, [id]).length)
      throw forbidden(STORE_ADMIN_TEXT.groupNotManaged(group.frontTitle), 'SHOP_GROUP_OUT_OF_SCOPE');
    return group;
  }

  /**
   * The columns a form sets: region names from the national tree, never from the caller. A store is placed
   * (opened, or moved to another group) only in a group the caller's data scope covers.
   */
  async function storeValues(tx: Database, input: Add | Edit, scope: DataScope, currentGroupId?: number) {
    const region = resolveRegion(areas.regions(), {
      provinceCode: input.shopProvinceCode,
      cityCode: input.shopCityCode,
      countyCode: input.shopCountyCode,
    });
    if (!region) throw unprocessable(STORE_ADMIN_TEXT.region, 'REGION_INVALID');
    const group = await groupOrThrow(tx, input.shopGroupId);
    if (group.id !== currentGroupId && groupsOutside(scope, [group.id]).length)
      throw forbidden(STORE_ADMIN_TEXT.groupOutOfScope(group.frontTitle), 'SHOP_GROUP_OUT_OF_SCOPE');
    return {
      shopName: input.shopName,
      businessScopeName: input.businessScopeName,
      shopGroupId: input.shopGroupId,
      shopPhone: input.shopPhone,
      ...storeAddressOf(region, input.shopDetailAddress),
      latitude: input.latitude,
      longitude: input.longitude,
    };
  }

  async function newCode(): Promise<string> {
    // The sequence never repeats; a code someone typed by hand may still hold a number, so skip those.
    for (let i = 0; i < CODE_TRIES; i++) {
      const code = shopCodeOf(await repo.nextCodeNumber());
      if (!(await repo.codeTaken(code))) return code;
    }
    throw new AppError(503, 'SHOP_CODE_EXHAUSTED', STORE_ADMIN_TEXT.codeExhausted);
  }

  async function storeChange<T>(work: () => Promise<T>, code?: string): Promise<T> {
    try {
      const result = await work();
      authCache.forgetAll();
      return result;
    } catch (error) {
      if (code && isUniqueViolation(error))
        throw conflict(STORE_ADMIN_TEXT.codeTaken(code), 'SHOP_CODE_TAKEN');
      if (isForeignKeyViolation(error))
        throw unprocessable(STORE_ADMIN_TEXT.groupNotFound, 'SHOP_GROUP_NOT_FOUND');
      throw error;
    }
  }

  async function groupChange<T>(work: () => Promise<T>, name?: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (name && isUniqueViolation(error))
        throw conflict(STORE_ADMIN_TEXT.groupNameTaken(name), 'SHOP_GROUP_NAME_TAKEN');
      if (isForeignKeyViolation(error)) throw conflict(STORE_ADMIN_TEXT.groupRaced, 'SHOP_GROUP_RACED');
      throw error;
    }
  }

  async function assertGroupNameFree(tx: Database, name: string, exceptId = 0) {
    if (await repo.groupNamed(tx, name, exceptId))
      throw conflict(STORE_ADMIN_TEXT.groupNameTaken(name), 'SHOP_GROUP_NAME_TAKEN');
  }

  async function groupRowOf(tx: Database, group: GroupRecord): Promise<ShopGroupRow> {
    return { ...group, ...(await repo.storeCounts(tx, group.id)), createdAt: group.createdAt.toISOString() };
  }

  async function openWorkOf(storeId: number, tx?: Database): Promise<OpenWork> {
    const work = await repo.openWork(storeId, tx);
    const items = [
      ...work.orders.map((o) => ({
        kind: 'order' as const,
        no: o.no,
        status: FULFILMENT_STATUS_TEXT[o.status as FulfilmentStatus] ?? o.status,
        at: o.at.toISOString(),
      })),
      ...work.valetOrders.map((o) => ({
        kind: 'valet' as const,
        no: o.no,
        status: VALET_STATUS_TEXT[o.status as ValetStatus] ?? o.status,
        at: o.at.toISOString(),
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return { orderCount: work.orderCount, valetOrderCount: work.valetOrderCount, items };
  }

  return {
    async page(caller: AuthContext, input: z.output<typeof storeAdminFilters.request>) {
      const { pageNum, pageSize, ...filter } = input;
      return mapPage(await repo.page(filter, { pageNum, pageSize }, await dataScopes(caller)), storeRowOf);
    },

    options: async (caller: AuthContext, filter: StoreAdminFilters) =>
      repo.options(filter, SHOP_OPTIONS_MAX, await dataScopes(caller)),

    /** Head office (`caller`): the stores of the caller's data scope; the store switcher (`userId`): their own. */
    async groupInfo(
      query: z.output<typeof groupInfoBodySchema> & { userId?: number; caller?: AuthContext },
    ): Promise<GroupInfo[]> {
      const scope = query.caller && (await dataScopes(query.caller));
      const { groups, stores } = await repo.groupsWithStores({
        ...query,
        groupIds: query.shopGroupIds,
        scope,
      });
      const infos = groups.map((g) => {
        const shopList = stores.filter((s) => s.shopGroupId === g.id).map(({ shopGroupId: _, ...s }) => s);
        return {
          shopGroupId: g.id,
          frontTitle: g.frontTitle,
          sort: g.sort,
          storeCount: shopList.length,
          shopList,
        };
      });
      // A limited scope shows its own groups (even when empty) and the groups of the stores it holds.
      if (scope && !scope.all)
        return infos.filter((g) => g.storeCount > 0 || scope.groupIds.includes(g.shopGroupId));
      return query.userId === undefined ? infos : infos.filter((g) => g.storeCount > 0);
    },

    shopCode: async () => ({ shopCode: await newCode() }),

    async add(actor: AdminActor, input: Add): Promise<StoreAdminRow> {
      const code = input.shopCode ?? (await newCode());
      const scope = await dataScopes(actor.caller);
      return storeChange(
        () =>
          change(actor, 'store.create', code, async (tx) => {
            const values = await storeValues(tx, input, scope);
            const now = clock();
            const id = await repo.insert(tx, { ...values, shopCode: code, createdAt: now, updatedAt: now });
            const after = storeRowOf(await storeOrThrow(id, tx));
            return { result: after, before: null, after };
          }),
        code,
      );
    },

    async edit(actor: AdminActor, input: Edit): Promise<StoreAdminRow> {
      const scope = await dataScopes(actor.caller);
      return storeChange(() =>
        change(actor, 'store.update', String(input.id), async (tx) => {
          const before = storeRowOf(await storeOrThrow(input.id, tx, { lock: true, scope }));
          const values = await storeValues(tx, input, scope, before.shopGroupId);
          await repo.update(tx, input.id, { ...values, updatedAt: clock() });
          const after = storeRowOf(await storeOrThrow(input.id, tx));
          return { result: after, before, after };
        }),
      );
    },

    openWork: async (caller: AuthContext, id: number) => {
      await storeOrThrow(id, undefined, { scope: await dataScopes(caller) });
      return openWorkOf(id);
    },

    /** Closing refuses while work is open unless the caller confirms having seen it; reopening always may. */
    async setStatus(
      actor: AdminActor,
      input: { id: number; status: StoreStatus; confirmOpenWork: boolean },
    ): Promise<StoreAdminRow> {
      const closing = input.status === 'closed';
      const scope = await dataScopes(actor.caller);
      return storeChange(() =>
        change(actor, closing ? 'store.close' : 'store.reopen', String(input.id), async (tx) => {
          const before = storeRowOf(await storeOrThrow(input.id, tx, { lock: true, scope }));
          if (before.status === input.status)
            throw conflict(
              closing ? STORE_ADMIN_TEXT.alreadyClosed : STORE_ADMIN_TEXT.alreadyOpen,
              'STORE_STATUS_SAME',
            );
          const work = closing ? await openWorkOf(input.id, tx) : null;
          if (work && work.orderCount + work.valetOrderCount > 0 && !input.confirmOpenWork)
            throw conflict(
              STORE_ADMIN_TEXT.openWork(work.orderCount, work.valetOrderCount),
              'STORE_HAS_OPEN_WORK',
            );
          await repo.update(tx, input.id, { enabled: !closing, updatedAt: clock() });
          const after = storeRowOf(await storeOrThrow(input.id, tx));
          // The open work the caller confirmed stays in the audit row beside the state.
          const seen = work && { orderCount: work.orderCount, valetOrderCount: work.valetOrderCount };
          return { result: after, before, after: seen ? { ...after, openWorkConfirmed: seen } : after };
        }),
      );
    },

    async groupPage(caller: AuthContext, input: z.output<typeof shopGroupFilters.request>) {
      const page = await repo.groupPage(input.keyword, input, await dataScopes(caller));
      return mapPage(page, (g) => ({ ...g, createdAt: g.createdAt.toISOString() }));
    },

    async groupCreate(actor: AdminActor, input: GroupCreate): Promise<ShopGroupRow> {
      if (!(await dataScopes(actor.caller)).all)
        throw forbidden(STORE_ADMIN_TEXT.groupCreateNeedsAll, 'SCOPE_NOT_HELD');
      return groupChange(
        () =>
          change(actor, 'shopGroup.create', input.frontTitle, async (tx) => {
            await assertGroupNameFree(tx, input.frontTitle);
            const after = await groupRowOf(tx, await repo.insertGroup(tx, input));
            return { result: after, before: null, after };
          }),
        input.frontTitle,
      );
    },

    async groupUpdate(actor: AdminActor, { id, ...values }: GroupUpdate): Promise<ShopGroupRow> {
      const scope = await dataScopes(actor.caller);
      const row = await groupChange(
        () =>
          change(actor, 'shopGroup.update', String(id), async (tx) => {
            const before = await groupRowOf(tx, await managedGroupOrThrow(tx, id, scope));
            await assertGroupNameFree(tx, values.frontTitle, id);
            const after = await groupRowOf(tx, await repo.updateGroup(tx, id, values, clock()));
            return { result: after, before, after };
          }),
        values.frontTitle,
      );
      authCache.forgetAll(); // the store switcher's group headings
      return row;
    },

    async groupDelete(actor: AdminActor, id: number): Promise<null> {
      const scope = await dataScopes(actor.caller);
      return groupChange(() =>
        change(actor, 'shopGroup.delete', String(id), async (tx) => {
          await managedGroupOrThrow(tx, id, scope);
          const group = await repo.lockGroup(tx, id);
          if (!group) throw notFound(STORE_ADMIN_TEXT.groupNotFound, 'SHOP_GROUP_NOT_FOUND');
          const before = await groupRowOf(tx, group);
          if (before.storeCount > 0)
            throw conflict(
              STORE_ADMIN_TEXT.groupHasStores(group.frontTitle, before.storeCount),
              'SHOP_GROUP_HAS_STORES',
            );
          const roles = await repo.rolesNaming(tx, id);
          if (roles > 0)
            throw conflict(
              STORE_ADMIN_TEXT.groupNamedByRoles(group.frontTitle, roles),
              'SHOP_GROUP_IN_ROLES',
            );
          await repo.deleteGroup(tx, id);
          return { result: null, before, after: null };
        }),
      );
    },
  };
}
