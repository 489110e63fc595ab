import {
  DICT_ITEMS_MAX,
  type DictItemRow,
  type DictOptions,
  type DictTypeListQuery,
  type DictTypeRow,
  type dictItemCreateSchema,
  type dictItemUpdateSchema,
  type dictTypeCreateSchema,
  type dictTypeUpdateSchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminActor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import { createDictsRepository } from './dicts.repository.js';

export const DICT_MESSAGES = {
  typeNotFound: '字典不存在或已被删除',
  itemNotFound: '字典项不存在或已被删除',
  codeTaken: (code: string) => `字典编码「${code}」已被使用`,
  nameTaken: (name: string) => `字典名称「${name}」已被使用`,
  builtinType: '系统内置字典供业务模块使用，不能删除，可停用',
  typeHasItems: (name: string, n: number) => `字典「${name}」下还有${n}个字典项，请先删除字典项`,
  builtinItem: '系统内置字典项供业务模块使用，不能删除，可停用',
  builtinValue: '系统内置字典项的值供业务模块使用，不能修改',
  labelTaken: (name: string, label: string) => `字典「${name}」中已有标签为「${label}」的字典项`,
  valueTaken: (name: string, value: string) => `字典「${name}」中已有值为「${value}」的字典项`,
  tooManyItems: `每个字典最多${DICT_ITEMS_MAX}个字典项`,
  raced: '数据已被他人修改，请刷新后重试',
} as const;

type Actor = AdminActor;
type TypeCreate = z.output<typeof dictTypeCreateSchema>;
type TypeUpdate = z.output<typeof dictTypeUpdateSchema>;
type ItemCreate = z.output<typeof dictItemCreateSchema>;
type ItemUpdate = z.output<typeof dictItemUpdateSchema>;

/** Data dictionaries (docs/domain/dicts-departments.md): every change in one transaction with its audit row. */
export function createDictsService(db: Database, clock: Clock) {
  const repo = createDictsRepository(db);
  const audit = createAuditLog(db, clock);

  /** One change: its rule checks, writes and audit row commit together; a unique race answers 409. */
  const change = auditedChanges(db, audit, { raced: () => conflict(DICT_MESSAGES.raced, 'DICT_RACED') });

  async function lockedType(tx: Database, id: number): Promise<DictTypeRow> {
    const type = await repo.typeById(id, tx, { lock: true });
    if (!type) throw notFound(DICT_MESSAGES.typeNotFound, 'DICT_NOT_FOUND');
    return type;
  }

  async function lockedItem(tx: Database, id: number): Promise<DictItemRow> {
    const item = await repo.itemById(id, tx, { lock: true });
    if (!item) throw notFound(DICT_MESSAGES.itemNotFound, 'DICT_ITEM_NOT_FOUND');
    return item;
  }

  async function assertItemUnique(
    tx: Database,
    type: DictTypeRow,
    fields: Pick<DictItemRow, 'label' | 'value'>,
    exceptId = 0,
  ) {
    const clashes = await repo.sameLabelOrValue(tx, type.id, fields, exceptId);
    if (clashes.some((c) => c.value === fields.value))
      throw conflict(DICT_MESSAGES.valueTaken(type.name, fields.value), 'DICT_ITEM_VALUE_TAKEN');
    if (clashes.length > 0)
      throw conflict(DICT_MESSAGES.labelTaken(type.name, fields.label), 'DICT_ITEM_LABEL_TAKEN');
  }

  async function assertTypeNameFree(tx: Database, name: string, exceptId = 0) {
    const holder = await repo.typeIdByName(tx, name);
    if (holder !== null && holder !== exceptId)
      throw conflict(DICT_MESSAGES.nameTaken(name), 'DICT_NAME_TAKEN');
  }

  return {
    /** What a select shows: a disabled dictionary has no options (stored values then show as they are). */
    async options(code: string): Promise<DictOptions> {
      const type = await repo.typeByCode(code);
      if (!type) throw notFound(DICT_MESSAGES.typeNotFound, 'DICT_NOT_FOUND');
      return {
        code: type.code,
        name: type.name,
        items: type.enabled ? await repo.enabledItems(type.id) : [],
      };
    },

    types: (query: DictTypeListQuery) => repo.typePage(query),

    createType(actor: Actor, input: TypeCreate): Promise<DictTypeRow> {
      return change(actor, 'dict.type.create', input.code, async (tx) => {
        if (await repo.typeByCode(input.code, tx))
          throw conflict(DICT_MESSAGES.codeTaken(input.code), 'DICT_CODE_TAKEN');
        await assertTypeNameFree(tx, input.name);
        const id = await repo.insertType(tx, input);
        const after = (await repo.typeById(id, tx))!;
        return { result: after, before: null, after };
      });
    },

    updateType(actor: Actor, input: TypeUpdate): Promise<DictTypeRow> {
      return change(actor, 'dict.type.update', String(input.id), async (tx) => {
        const before = await lockedType(tx, input.id);
        await assertTypeNameFree(tx, input.name, input.id);
        const { id, ...fields } = input;
        await repo.updateType(tx, id, fields, clock());
        const after = (await repo.typeById(id, tx))!;
        return { result: after, before, after };
      });
    },

    deleteType(actor: Actor, id: number): Promise<null> {
      return change(actor, 'dict.type.delete', String(id), async (tx) => {
        const before = await lockedType(tx, id);
        if (before.builtin) throw conflict(DICT_MESSAGES.builtinType, 'DICT_BUILTIN');
        if (before.itemCount > 0)
          throw conflict(DICT_MESSAGES.typeHasItems(before.name, before.itemCount), 'DICT_HAS_ITEMS');
        await repo.deleteType(tx, id);
        return { result: null, before, after: null };
      });
    },

    async items(typeId: number): Promise<{ list: DictItemRow[] }> {
      if (!(await repo.typeById(typeId))) throw notFound(DICT_MESSAGES.typeNotFound, 'DICT_NOT_FOUND');
      return { list: await repo.items(typeId) };
    },

    createItem(actor: Actor, input: ItemCreate): Promise<DictItemRow> {
      return change(actor, 'dict.item.create', String(input.typeId), async (tx) => {
        // The type's row lock makes concurrent additions to one dictionary take turns (the count cap).
        const type = await lockedType(tx, input.typeId);
        if (type.itemCount >= DICT_ITEMS_MAX)
          throw conflict(DICT_MESSAGES.tooManyItems, 'DICT_TOO_MANY_ITEMS');
        const { typeId, ...fields } = input;
        await assertItemUnique(tx, type, fields);
        const id = await repo.insertItem(tx, typeId, fields);
        const after = (await repo.itemById(id, tx))!;
        return { result: after, before: null, after: { ...after, typeCode: type.code } };
      });
    },

    updateItem(actor: Actor, input: ItemUpdate): Promise<DictItemRow> {
      return change(actor, 'dict.item.update', String(input.id), async (tx) => {
        const before = await lockedItem(tx, input.id);
        const type = await lockedType(tx, before.typeId);
        if (before.builtin && input.value !== before.value)
          throw conflict(DICT_MESSAGES.builtinValue, 'DICT_BUILTIN_VALUE');
        const { id, ...fields } = input;
        await assertItemUnique(tx, type, fields, id);
        await repo.updateItem(tx, id, fields, clock());
        const after = (await repo.itemById(id, tx))!;
        return { result: after, before: { ...before, typeCode: type.code }, after };
      });
    },

    setItemEnabled(actor: Actor, input: { id: number; enabled: boolean }): Promise<DictItemRow> {
      const action = input.enabled ? 'dict.item.enable' : 'dict.item.disable';
      return change(actor, action, String(input.id), async (tx) => {
        const before = await lockedItem(tx, input.id);
        await repo.updateItem(tx, input.id, { enabled: input.enabled }, clock());
        const after = (await repo.itemById(input.id, tx))!;
        return { result: after, before, after };
      });
    },

    deleteItem(actor: Actor, id: number): Promise<null> {
      return change(actor, 'dict.item.delete', String(id), async (tx) => {
        const before = await lockedItem(tx, id);
        if (before.builtin) throw conflict(DICT_MESSAGES.builtinItem, 'DICT_BUILTIN');
        await repo.deleteItem(tx, id);
        return { result: null, before, after: null };
      });
    },
  };
}
