import {
  DEPT_DEPTH_MAX,
  type DeptNode,
  type DeptRow,
  type deptCreateSchema,
  type deptUpdateSchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { createDepartmentsRepository } from './departments.repository.js';
import { buildDeptTree, depthOf, heightOf, subtreeIds, type DeptRecord } from './dept-tree.js';

const unprocessable = (message: string, code: string) => new AppError(422, code, message);

export const DEPT_MESSAGES = {
  notFound: '部门不存在或已被删除',
  parentMissing: '上级部门不存在或已被删除',
  cycle: '不能把部门移到它自己或它的下级部门之下',
  tooDeep: `部门最多${DEPT_DEPTH_MAX}级`,
  nameTaken: (name: string) => `同一上级部门下已有名为「${name}」的部门`,
  parentDisabled: (name: string) => `上级部门「${name}」已停用，请先启用它`,
  hasUsers: (name: string, n: number) => `部门「${name}」及其下级部门还有${n}名用户，请先把用户调到其他部门`,
  hasChildren: (name: string, n: number) => `部门「${name}」下还有${n}个下级部门，请先删除下级部门`,
  hasStores: (name: string, n: number) => `部门「${name}」及其下级部门还管理着${n}家门店，不能删除`,
  raced: '部门已被他人修改，请刷新后重试',
} as const;

type Create = z.output<typeof deptCreateSchema>;
type Update = z.output<typeof deptUpdateSchema>;

/** The department tree (docs/domain/dicts-departments.md): each change locks the tree and writes its audit row. */
export function createDepartmentsService(db: Database, clock: Clock) {
  const repo = createDepartmentsRepository(db);
  const audit = createAuditLog(db, clock);

  /** Each change locks the tree and sees all of it. */
  const change = auditedChanges(db, audit, {
    prepare: async (tx) => {
      await repo.lockTree(tx);
      return repo.all(tx);
    },
    raced: () => conflict(DEPT_MESSAGES.raced, 'DEPT_RACED'),
  });

  const find = (all: DeptRecord[], id: number) => all.find((d) => d.id === id);
  const rowOf = ({ id, parentId, name, sort, enabled }: DeptRecord): DeptRow => ({
    id,
    parentId,
    name,
    sort,
    enabled,
  });

  function parentOf(all: DeptRecord[], parentId: number | null): DeptRecord | null {
    if (parentId === null) return null;
    const parent = find(all, parentId);
    if (!parent) throw unprocessable(DEPT_MESSAGES.parentMissing, 'DEPT_PARENT_MISSING');
    return parent;
  }

  async function assertNameFree(tx: Database, parentId: number | null, name: string, exceptId = 0) {
    if (await repo.siblingNamed(tx, parentId, name, exceptId))
      throw conflict(DEPT_MESSAGES.nameTaken(name), 'DEPT_NAME_TAKEN');
  }

  return {
    async tree(): Promise<{ tree: DeptNode[] }> {
      const [all, userCounts] = await Promise.all([repo.all(), repo.userCounts()]);
      return { tree: buildDeptTree(all, userCounts) };
    },

    create(actor: AdminActor, input: Create): Promise<DeptRow> {
      return change(actor, 'dept.create', input.name, async (tx, all) => {
        const parent = parentOf(all, input.parentId);
        if (depthOf(all, input.parentId) + 1 > DEPT_DEPTH_MAX)
          throw unprocessable(DEPT_MESSAGES.tooDeep, 'DEPT_TOO_DEEP');
        if (parent && !parent.enabled && input.enabled)
          throw conflict(DEPT_MESSAGES.parentDisabled(parent.name), 'DEPT_PARENT_DISABLED');
        await assertNameFree(tx, input.parentId, input.name);
        const after = await repo.insert(tx, input);
        return { result: after, before: null, after };
      });
    },

    update(actor: AdminActor, input: Update): Promise<DeptRow> {
      return change(actor, 'dept.update', String(input.id), async (tx, all) => {
        const current = find(all, input.id);
        if (!current) throw notFound(DEPT_MESSAGES.notFound, 'DEPT_NOT_FOUND');
        if (input.parentId !== current.parentId) {
          const parent = parentOf(all, input.parentId);
          if (input.parentId !== null && subtreeIds(all, input.id).has(input.parentId))
            throw unprocessable(DEPT_MESSAGES.cycle, 'DEPT_CYCLE');
          if (depthOf(all, input.parentId) + heightOf(all, input.id) > DEPT_DEPTH_MAX)
            throw unprocessable(DEPT_MESSAGES.tooDeep, 'DEPT_TOO_DEEP');
          if (parent && !parent.enabled && current.enabled)
            throw conflict(DEPT_MESSAGES.parentDisabled(parent.name), 'DEPT_PARENT_DISABLED');
        }
        await assertNameFree(tx, input.parentId, input.name, input.id);
        const { id, ...fields } = input;
        const after = await repo.update(tx, id, fields);
        return { result: after, before: rowOf(current), after };
      });
    },

    /** Disabling takes the subtree with it; enabling needs an enabled parent and enables this one only. */
    setEnabled(actor: AdminActor, input: { id: number; enabled: boolean }): Promise<{ changed: number }> {
      const action = input.enabled ? 'dept.enable' : 'dept.disable';
      return change(actor, action, String(input.id), async (tx, all) => {
        const current = find(all, input.id);
        if (!current) throw notFound(DEPT_MESSAGES.notFound, 'DEPT_NOT_FOUND');
        const ids = input.enabled ? [current.id] : [...subtreeIds(all, current.id)];
        if (input.enabled) {
          const parent = parentOf(all, current.parentId);
          if (parent && !parent.enabled)
            throw conflict(DEPT_MESSAGES.parentDisabled(parent.name), 'DEPT_PARENT_DISABLED');
        }
        const changed = await repo.setEnabled(tx, ids, input.enabled);
        return {
          result: { changed },
          before: { ...rowOf(current), subtree: ids },
          after: { enabled: input.enabled, changed },
        };
      });
    },

    delete(actor: AdminActor, id: number): Promise<null> {
      return change(actor, 'dept.delete', String(id), async (tx, all) => {
        const current = find(all, id);
        if (!current) throw notFound(DEPT_MESSAGES.notFound, 'DEPT_NOT_FOUND');
        const subtree = [...subtreeIds(all, id)];
        const userCount = await repo.usersIn(tx, subtree);
        if (userCount > 0) throw conflict(DEPT_MESSAGES.hasUsers(current.name, userCount), 'DEPT_HAS_USERS');
        const children = all.filter((d) => d.parentId === id).length;
        if (children > 0)
          throw conflict(DEPT_MESSAGES.hasChildren(current.name, children), 'DEPT_HAS_CHILDREN');
        const storeCount = await repo.storesIn(tx, subtree);
        if (storeCount > 0)
          throw conflict(DEPT_MESSAGES.hasStores(current.name, storeCount), 'DEPT_HAS_STORES');
        await repo.delete(tx, id);
        return { result: null, before: rowOf(current), after: null };
      });
    },
  };
}
