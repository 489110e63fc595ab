import { z } from 'zod';
import { recordId, recordIdFromText, requiredText, sortNumber } from './common/fields.js';
import { endpoint } from './common/endpoint.js';
import { keywordField } from './common/list-request.js';
import { pageOf, pageRequest } from './common/page.js';

/** Data dictionaries (数据字典): head office keeps them, every signed-in page reads their options. */
export const DICT_PATHS = {
  options: '/api/dicts/options',
  types: '/api/dicts/types',
  items: '/api/dicts/items',
  itemEnabled: '/api/dicts/items/enabled',
} as const;

/** A dictionary code: what the code asks for (`delivery_type`). */
export const DICT_CODE_PATTERN = /^[a-z][a-z0-9_]{1,49}$/;
export const DICT_TYPES_PAGE_SIZE_MAX = 50;
/** A dictionary is a select's options: more than this is a different kind of data. */
export const DICT_ITEMS_MAX = 200;
export const DICT_SORT_MAX = 9999;

const enabledField = z.boolean({ error: '启用状态不正确' });

export const dictCodeSchema = z
  .string({ error: '请填写字典编码' })
  .trim()
  .min(1, '请填写字典编码')
  .regex(DICT_CODE_PATTERN, '字典编码须以小写字母开头，只含小写字母、数字和下划线，2到50个字符');

// ── the read every page uses ────────────────────────────────────────────────

export const dictOptionsQuerySchema = z.object({ code: dictCodeSchema });
export const dictOptionSchema = z.object({ label: z.string(), value: z.string() });
export type DictOption = z.infer<typeof dictOptionSchema>;
/** The enabled items of an enabled dictionary, sorted; a disabled dictionary answers no items. */
export const dictOptionsSchema = z.object({
  code: z.string(),
  name: z.string(),
  items: z.array(dictOptionSchema),
});
export type DictOptions = z.infer<typeof dictOptionsSchema>;

// ── types ───────────────────────────────────────────────────────────────────

export const dictTypeRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  builtin: z.boolean(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type DictTypeRow = z.infer<typeof dictTypeRowSchema>;

export const dictTypeListQuerySchema = z.object({
  keyword: keywordField(50),
  ...pageRequest({ max: DICT_TYPES_PAGE_SIZE_MAX, defaultSize: 20, fromQuery: true }),
});
export type DictTypeListQuery = z.infer<typeof dictTypeListQuerySchema>;
export const dictTypePageSchema = pageOf(dictTypeRowSchema);

const typeFields = {
  name: requiredText(32, '请填写字典名称', '字典名称不能超过32个字'),
  description: z.string({ error: '描述不正确' }).trim().max(200, '描述不能超过200个字').default(''),
  sort: sortNumber(DICT_SORT_MAX),
};

export const dictTypeCreateSchema = z.object({
  code: dictCodeSchema,
  ...typeFields,
  enabled: enabledField.default(true),
});
export type DictTypeCreate = z.input<typeof dictTypeCreateSchema>;

/** The code is what the code reads: it is fixed once created. */
export const dictTypeUpdateSchema = z.object({
  id: recordId('字典编号不正确'),
  ...typeFields,
  enabled: enabledField,
});
export type DictTypeUpdate = z.input<typeof dictTypeUpdateSchema>;

export const dictIdQuerySchema = z.object({ id: recordIdFromText('编号不正确') });

// ── items ───────────────────────────────────────────────────────────────────

export const dictItemRowSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  label: z.string(),
  value: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  builtin: z.boolean(),
  updatedAt: z.string(),
});
export type DictItemRow = z.infer<typeof dictItemRowSchema>;

export const dictItemListQuerySchema = z.object({ typeId: recordIdFromText('字典编号不正确') });
export const dictItemListSchema = z.object({ list: z.array(dictItemRowSchema) });

const itemFields = {
  label: requiredText(32, '请填写字典标签', '字典标签不能超过32个字'),
  value: requiredText(64, '请填写字典值', '字典值不能超过64个字符').regex(/^\S+$/, '字典值不能含空格'),
  sort: sortNumber(DICT_SORT_MAX),
};

export const dictItemCreateSchema = z.object({
  typeId: recordId('字典编号不正确'),
  ...itemFields,
  enabled: enabledField.default(true),
});
export type DictItemCreate = z.input<typeof dictItemCreateSchema>;

export const dictItemUpdateSchema = z.object({ id: recordId('字典项编号不正确'), ...itemFields });
export type DictItemUpdate = z.input<typeof dictItemUpdateSchema>;

export const dictItemEnabledSchema = z.object({ id: recordId('字典项编号不正确'), enabled: enabledField });

export const dictEndpoints = {
  options: endpoint({
    method: 'GET',
    path: DICT_PATHS.options,
    request: dictOptionsQuerySchema,
    response: dictOptionsSchema,
    summary: "A dictionary's enabled items, sorted (select options and labels)",
  }),
  types: endpoint({
    method: 'GET',
    path: DICT_PATHS.types,
    request: dictTypeListQuerySchema,
    response: dictTypePageSchema,
    summary: 'Dictionaries, paged, by code or name keyword',
  }),
  createType: endpoint({
    method: 'POST',
    path: DICT_PATHS.types,
    request: dictTypeCreateSchema,
    response: dictTypeRowSchema,
    summary: 'Create a dictionary',
  }),
  updateType: endpoint({
    method: 'PUT',
    path: DICT_PATHS.types,
    request: dictTypeUpdateSchema,
    response: dictTypeRowSchema,
    summary: "Edit a dictionary's name, description, sort and enabled flag (its code is fixed)",
  }),
  deleteType: endpoint({
    method: 'DELETE',
    path: DICT_PATHS.types,
    request: dictIdQuerySchema,
    response: z.null(),
    summary: 'Delete a dictionary without items (built-in ones stay)',
  }),
  items: endpoint({
    method: 'GET',
    path: DICT_PATHS.items,
    request: dictItemListQuerySchema,
    response: dictItemListSchema,
    summary: "A dictionary's items, disabled ones included, sorted",
  }),
  createItem: endpoint({
    method: 'POST',
    path: DICT_PATHS.items,
    request: dictItemCreateSchema,
    response: dictItemRowSchema,
    summary: 'Add an item to a dictionary',
  }),
  updateItem: endpoint({
    method: 'PUT',
    path: DICT_PATHS.items,
    request: dictItemUpdateSchema,
    response: dictItemRowSchema,
    summary: "Edit an item's label, value (not a built-in one's) and sort",
  }),
  setItemEnabled: endpoint({
    method: 'PUT',
    path: DICT_PATHS.itemEnabled,
    request: dictItemEnabledSchema,
    response: dictItemRowSchema,
    summary: 'Enable or disable an item',
  }),
  deleteItem: endpoint({
    method: 'DELETE',
    path: DICT_PATHS.items,
    request: dictIdQuerySchema,
    response: z.null(),
    summary: 'Delete an item (built-in ones can only be disabled)',
  }),
};
