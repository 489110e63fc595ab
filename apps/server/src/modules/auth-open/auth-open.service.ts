import { randomBytes, randomUUID } from 'node:crypto';
import type {
  AuthOpenPage,
  AuthOpenQuery,
  AuthOpenUserInfo,
  CheckUserInfoBody,
  ConfirmOpenBody,
  ConfirmOpenResult,
  ConfirmOrRefuseBody,
  AuthOpenRecord,
  ImportResult,
  ImportRowError,
} from '@console/contract';
import { splitStoreCodes } from '@console/contract';
import type { AuthCache } from '../auth/auth-cache.js';
import type { ClientInfo } from '../../http/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isHeadOffice } from '../../http/route.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import { hashPassword } from '../auth/password.js';
import type { AuthOpenRepository } from './auth-open.repository.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { checkImportRows, importSummary } from './import-rows.js';
import { parseWorkbook } from './import-workbook.js';

export const AUTH_OPEN_MESSAGES = {
  headOfficeOnly: '仅总部人员可以开通门店权限',
  notOwnRecords: '只能查看本人的授权记录',
  userNotFound: '用户不存在，请核对工号或手机号',
  userDisabled: '该员工账号已停用，不能开通门店权限',
  roleNotFound: '角色不存在，请重新选择',
  roleNotGrantable: '不能授予超出本人权限的角色，请联系系统管理员',
  secondApprover: '为本人开通的门店权限需由另一位总部人员确认',
  recordNotFound: '授权记录不存在',
  notOwnRecord: '只能处理本人的授权记录',
  alreadyDecided: '该授权已处理，请刷新后查看',
  raced: '数据已被他人修改，请刷新后重试',
  storesOutOfScope: (codes: string[]) => `不能开通本人数据权限以外的门店：${codes.join('、')}`,
} as const;

/** The largest number of row errors sent back; the count says how many there are in all. */
const ROW_ERRORS_SENT = 500;

/**
 * Who confirms an opening: the person it was opened for, except when someone opened access for themselves;
 * then another head-office person must confirm it (nobody approves their own request).
 */
function assertMayDecide(caller: AuthContext, record: { userId: number; openedBy: number | null }): void {
  if (record.openedBy !== record.userId) {
    if (record.userId !== caller.user.id) throw forbidden(AUTH_OPEN_MESSAGES.notOwnRecord, 'NOT_OWN_RECORD');
    return;
  }
  if (caller.user.id === record.userId || !isHeadOffice(caller))
    throw forbidden(AUTH_OPEN_MESSAGES.secondApprover, 'SECOND_APPROVER_REQUIRED');
}

function assertHeadOffice(caller: AuthContext): void {
  if (!isHeadOffice(caller)) throw forbidden(AUTH_OPEN_MESSAGES.headOfficeOnly, 'HEAD_OFFICE_ONLY');
}

/** A rejected import: the route answers 422 with the row errors in `data`. */
export class ImportRejectedError extends AppError {
  readonly errors: ImportRowError[];
  readonly errorCount: number;

  constructor(errors: ImportRowError[]) {
    super(422, 'IMPORT_ROWS_INVALID', importSummary(errors));
    this.errors = errors.slice(0, ROW_ERRORS_SENT);
    this.errorCount = errors.length;
  }
}

export type AuthOpenServiceDeps = {
  repo: AuthOpenRepository;
  /** The roles the caller may hand out (modules/roles/grantable-roles.ts). */
  grantableRoles: (caller: AuthContext) => Promise<Set<number>>;
  audit: AuditLog;
  clock: Clock;
  /** A confirmed opening grants a store and a role: the user's cached authorisations must go. */
  authCache: Pick<AuthCache, 'forgetUser'>;
  /** The stores the caller manages (modules/roles/data-scope.ts): only those are opened. */
  storesInScope: (caller: AuthContext, storeIds: readonly number[]) => Promise<Set<number>>;
};

export function createAuthOpenService({
  repo,
  grantableRoles,
  audit,
  clock,
  authCache,
  storesInScope,
}: AuthOpenServiceDeps) {
  /** 403 naming the stores outside the caller's data scope; nothing is opened then. */
  async function assertStoresInScope(caller: AuthContext, stores: { id: number; shopCode: string }[]) {
    const inScope = await storesInScope(
      caller,
      stores.map((s) => s.id),
    );
    const outside = stores.filter((s) => !inScope.has(s.id)).map((s) => s.shopCode);
    if (outside.length)
      throw forbidden(AUTH_OPEN_MESSAGES.storesOutOfScope(outside.sort()), 'STORE_NOT_GRANTABLE');
  }

  /** The cloud-platform roles the caller may grant, by id and by name or permission (for imports). */
  async function cloudRoleIds(caller: AuthContext) {
    const grantable = await grantableRoles(caller);
    const rows = (await repo.cloudRoles()).filter((role) => grantable.has(role.id));
    const byName = new Map<string, number>();
    for (const role of rows) {
      byName.set(role.name, role.id);
      byName.set(role.permission, role.id);
    }
    return { ids: new Set(rows.map((r) => r.id)), byName };
  }

  async function assertGrantable(caller: AuthContext, roleId: number): Promise<void> {
    const cloud = await repo.cloudRoles();
    if (!cloud.some((role) => role.id === roleId))
      throw badRequest(AUTH_OPEN_MESSAGES.roleNotFound, 'ROLE_NOT_FOUND');
    if (!(await grantableRoles(caller)).has(roleId))
      throw forbidden(AUTH_OPEN_MESSAGES.roleNotGrantable, 'ROLE_NOT_GRANTABLE');
  }

  return {
    async records(caller: AuthContext, query: AuthOpenQuery): Promise<AuthOpenPage> {
      const userId = query.userId ?? caller.user.id;
      if (userId !== caller.user.id && !isHeadOffice(caller))
        throw forbidden(AUTH_OPEN_MESSAGES.notOwnRecords, 'NOT_OWN_RECORDS');
      return repo.page(userId, {
        status: query.status,
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
    },

    async checkUser(caller: AuthContext, body: CheckUserInfoBody): Promise<AuthOpenUserInfo> {
      assertHeadOffice(caller);
      const user = await repo.findUser(body);
      if (!user) throw notFound(AUTH_OPEN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const [stores, roles, pending] = await Promise.all([
        repo.storesOf(user.id),
        repo.rolesOf(user.id),
        repo.page(user.id, { status: 'pending', offset: 0, limit: 200 }),
      ]);
      const { id: userId, phone, ...account } = user;
      return {
        userId,
        ...account,
        phone: phone ?? '',
        stores,
        roles,
        pending: pending.list,
      };
    },

    async open(caller: AuthContext, body: ConfirmOpenBody, client: ClientInfo): Promise<ConfirmOpenResult> {
      assertHeadOffice(caller);
      const user = await repo.findUserById(body.userId);
      if (!user) throw notFound(AUTH_OPEN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      if (!user.enabled) throw badRequest(AUTH_OPEN_MESSAGES.userDisabled, 'USER_DISABLED');
      const roleId = body.roleId ?? null;
      if (roleId != null) await assertGrantable(caller, roleId);
      const codes = [...new Set(body.storeCodes)];
      const found = await repo.storesByCode(codes);
      const idByCode = new Map(found.map((s) => [s.shopCode, s.id]));
      const unknown = codes.filter((code) => !idByCode.has(code));
      if (unknown.length) throw badRequest(`门店编号不存在：${unknown.join('、')}`, 'STORE_NOT_FOUND');
      await assertStoresInScope(caller, found);

      const { granted, pending } = await repo.existingFor([user.id], [...idByCode.values()]);
      const grantedIds = new Set(granted.map((g) => g.storeId));
      const pendingIds = new Set(pending.map((p) => p.storeId));
      const alreadyAuthorised = codes.filter((code) => grantedIds.has(idByCode.get(code)!));
      const alreadyPending = codes.filter((code) => pendingIds.has(idByCode.get(code)!));
      const toOpen = codes
        .map((code) => idByCode.get(code)!)
        .filter((id) => !grantedIds.has(id) && !pendingIds.has(id));
      const ids = await repo.insertPending(
        toOpen.map((storeId) => ({ userId: user.id, storeId, roleId })),
        { openedBy: caller.user.id, batchId: null, remark: body.remark ?? '', at: clock() },
      );
      const created = await repo.recordsByIds(ids);
      await audit.change({
        action: 'auth-open.open',
        actor: caller,
        client,
        target: user.workCode,
        before: { authorised: alreadyAuthorised, pending: alreadyPending },
        after: {
          authorised: alreadyAuthorised,
          pending: [...alreadyPending, ...created.map((r) => r.shopCode)],
        },
        detail: { userId: user.id, roleId },
      });
      return { created, alreadyAuthorised, alreadyPending };
    },

    async decide(
      caller: AuthContext,
      body: ConfirmOrRefuseBody,
      client: ClientInfo,
    ): Promise<AuthOpenRecord> {
      const record = await repo.record(body.id);
      if (!record) throw notFound(AUTH_OPEN_MESSAGES.recordNotFound, 'RECORD_NOT_FOUND');
      assertMayDecide(caller, record);
      if (record.status !== 'pending') throw conflict(AUTH_OPEN_MESSAGES.alreadyDecided, 'ALREADY_DECIDED');
      // The second approver grants the role as much as the opener did.
      if (record.openedBy === record.userId && record.roleId != null && body.action === 'confirm')
        await assertGrantable(caller, record.roleId);
      const status = body.action === 'confirm' ? 'confirmed' : 'refused';
      if (!(await repo.decide(record, status, clock())))
        throw conflict(AUTH_OPEN_MESSAGES.alreadyDecided, 'ALREADY_DECIDED');
      if (status === 'confirmed') authCache.forgetUser(record.userId);
      await audit.change({
        action: `auth-open.${body.action}`,
        actor: caller,
        client,
        target: String(record.id),
        before: { status: record.status },
        after: { status },
        detail: { userId: record.userId, storeId: record.storeId, roleId: record.roleId },
      });
      const [updated] = await repo.recordsByIds([record.id]);
      return updated!;
    },

    /** All or nothing: any bad row rejects the file and nothing is written. */
    async importFile(caller: AuthContext, bytes: Buffer, client: ClientInfo): Promise<ImportResult> {
      assertHeadOffice(caller);
      const parsed = await parseWorkbook(bytes);
      if (!parsed.ok) throw badRequest(parsed.message, `IMPORT_${parsed.code}`);
      const { rows } = parsed;
      const [stores, roles, users] = await Promise.all([
        repo.storesByCode([...new Set(rows.flatMap((r) => splitStoreCodes(r.storeCodes)))]),
        cloudRoleIds(caller),
        repo.usersMatching(
          rows.map((r) => r.workCode).filter(Boolean),
          rows.map((r) => r.phone).filter(Boolean),
        ),
      ]);
      const { errors, plan } = checkImportRows(rows, {
        storeIdByCode: new Map(stores.map((s) => [s.shopCode, s.id])),
        roleIdByName: roles.byName,
        users,
      });
      if (errors.length) throw new ImportRejectedError(errors);
      await assertStoresInScope(caller, stores);

      const existingUserIds = plan.flatMap((p) => (p.userId == null ? [] : [p.userId]));
      const allStoreIds = [...new Set(plan.flatMap((p) => p.storeIds))];
      const { granted, pending } = await repo.existingFor(existingUserIds, allStoreIds);
      const key = (userId: number, storeId: number) => `${userId}:${storeId}`;
      const grantedKeys = new Set(granted.map((g) => key(g.userId, g.storeId)));
      const pendingKeys = new Set(pending.map((p) => key(p.userId, p.storeId)));
      // One hash of a discarded secret serves every new account: nobody can sign in with a password.
      const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
      const batchId = randomUUID();
      const at = clock();
      let alreadyAuthorised = 0;
      let alreadyPending = 0;

      const result = await repo
        .transaction(async (tx) => {
          const newRows = plan.filter((p) => p.userId == null);
          const createdUsers = await repo.insertUsers(
            newRows.map((p) => ({ workCode: p.workCode, nickName: p.name, phone: p.phone })),
            unusableHash,
            at,
            tx,
          );
          const idOfWorkCode = new Map(createdUsers.map((u) => [u.workCode, u.id]));
          const records = plan.flatMap((p) => {
            const userId = p.userId ?? idOfWorkCode.get(p.workCode)!;
            return p.storeIds.flatMap((storeId) => {
              if (grantedKeys.has(key(userId, storeId))) {
                alreadyAuthorised += 1;
                return [];
              }
              if (pendingKeys.has(key(userId, storeId))) {
                alreadyPending += 1;
                return [];
              }
              return [{ userId, storeId, roleId: p.roleId }];
            });
          });
          const ids = await repo.insertPending(
            records,
            { openedBy: caller.user.id, batchId, remark: '批量导入', at },
            tx,
          );
          alreadyPending += records.length - ids.length;
          return { usersCreated: createdUsers.length, recordsCreated: ids.length };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(AUTH_OPEN_MESSAGES.raced, 'IMPORT_RACED');
          throw error;
        });

      await audit.change({
        action: 'auth-open.import',
        actor: caller,
        client,
        target: batchId,
        before: null,
        after: result,
        detail: { rows: rows.length, alreadyAuthorised, alreadyPending },
      });
      return { batchId, rowCount: rows.length, ...result, alreadyAuthorised, alreadyPending };
    },
  };
}
