import { z } from 'zod';
import { calendarDateSchema } from './common/date-range.js';
import { endpoint, noInput } from './common/endpoint.js';
import { recordId, recordIdFromText, requiredText } from './common/fields.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { coordinateFields } from './order-parts.js';
import { storeCodeSchema } from './stores.js';

/**
 * The points mall's classes and shelves (积分分类, docs/domain/points-mall.md): head office groups integral SKUs
 * into sorted classes, sets each SKU's points terms and which stores may manage a class; a store shelves the SKUs
 * of the classes it manages, with its own stock. Money in cents; days `YYYY-MM-DD` (Asia/Shanghai).
 */

const HEAD_OFFICE_API = '/tec/cms/cmsIntegralClass';
const STORE_API = '/tec/cms/api/lingjiyun/cmsIntegralClass';

export const INTEGRAL_CLASS_PATHS = {
  /** Head office: a class's SKUs with how many stores shelve each. */
  getSkuPageInfo: `${HEAD_OFFICE_API}/getSkuPageInfo`,
  /** Head office: integral SKUs no store has on its shelf yet. */
  getNoShopSkuList: `${HEAD_OFFICE_API}/getNoShopSkuList`,
  /** Head office: add or edit a class with its SKUs and their points terms. */
  saveClassSku: `${HEAD_OFFICE_API}/saveClassSku`,
  updateSort: `${HEAD_OFFICE_API}/updateSort`,
  selectClassSkuById: `${HEAD_OFFICE_API}/selectClassSkuById/:id`,
  /** A store: every class in order, and whether this store may manage it. */
  getList: `${STORE_API}/getList`,
  /** A store: a class's SKUs with this store's shelf. */
  storeSkuPageInfo: `${STORE_API}/getSkuPageInfo`,
  /** A store: the SKUs of the classes it manages, with its shelf. */
  skuPageInfo: `${STORE_API}/skuPageInfo`,
  /** A store: put one SKU on or off its shelf, with its stock. */
  shelvesState: `${STORE_API}/shelvesState`,
  /** Head office: the shelves of every store (one row per store and SKU). */
  skuStorePageInfo: `${STORE_API}/skuStorePageInfo`,
  /** Head office: which stores may manage a class. */
  setManageAuth: `${STORE_API}/setManageAuth`,
  /** The stores carrying a SKU on their shelf, nearest first. */
  nearShops: '/tec/cms/api/cmsIntegralClass/nearShops',
} as const;

export const INTEGRAL_CLASS_NAME_MAX = 32;
export const INTEGRAL_CLASS_SKUS_MAX = 200;
export const INTEGRAL_CLASSES_MAX = 200;
export const INTEGRAL_POINTS_MAX = 1_000_000;
export const INTEGRAL_CASH_MAX_CENTS = 1_000_000;
export const INTEGRAL_PER_MEMBER_MAX = 99;
export const INTEGRAL_STOCK_MAX = 100_000;
export const INTEGRAL_PAGE_SIZE_MAX = 50;
export const INTEGRAL_MANAGE_STORES_MAX = 1000;
export const NEAR_SHOPS_MAX = 20;

export const INTEGRAL_CLASS_COLUMN_TITLES = {
  name: '分类名称',
  sort: '排序',
  skuCount: '商品数',
  manageStoreCount: '授权门店',
  enabled: '状态',
} as const;

export const INTEGRAL_SKU_COLUMN_TITLES = {
  skuCode: 'SKU编码',
  name: '商品名称',
  labelName: '标签',
  points: '所需积分',
  cashCents: '加价金额',
  perMemberLimit: '每人限兑',
  validWindow: '兑换时间',
  shelfStoreCount: '上架门店',
  onShelf: '上架状态',
  stock: '门店库存',
} as const;

const classId = recordId('积分分类不正确');
const skuId = recordId('积分商品不正确');

const wholeNumber = (label: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}须为整数${unit}`)
    .min(min, `${label}须在${min}到${max}之间`)
    .max(max, `${label}须在${min}到${max}之间`);

/** One SKU of a class with its points terms: points, an optional cash part, a per-member limit, a window. */
export const classSkuTermsSchema = z
  .object({
    skuId,
    points: wholeNumber('所需积分', 1, INTEGRAL_POINTS_MAX),
    cashCents: wholeNumber('加价金额', 0, INTEGRAL_CASH_MAX_CENTS, '（分）').default(0),
    /** 0: no limit. */
    perMemberLimit: wholeNumber('每人限兑', 0, INTEGRAL_PER_MEMBER_MAX).default(0),
    validFrom: calendarDateSchema.nullish(),
    validTo: calendarDateSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.validFrom && value.validTo && value.validFrom > value.validTo)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: '兑换开始日期不能晚于结束日期' });
  });
export type ClassSkuTerms = z.input<typeof classSkuTermsSchema>;

export const saveClassSkuBodySchema = z
  .object({
    /** Absent: a new class (placed last). */
    id: classId.optional(),
    name: requiredText(
      INTEGRAL_CLASS_NAME_MAX,
      '请输入分类名称',
      `分类名称不能超过${INTEGRAL_CLASS_NAME_MAX}个字`,
    ),
    enabled: z.boolean({ error: '请选择是否启用' }).default(true),
    /** The class's SKUs in their order. */
    skus: z
      .array(classSkuTermsSchema, { error: '分类商品格式不正确' })
      .max(INTEGRAL_CLASS_SKUS_MAX, `一个分类最多${INTEGRAL_CLASS_SKUS_MAX}个商品`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.skus.map((s) => s.skuId)).size !== value.skus.length)
      ctx.addIssue({ code: 'custom', path: ['skus'], message: '分类商品不能重复' });
  });
export type SaveClassSkuBody = z.input<typeof saveClassSkuBodySchema>;

export const updateSortBodySchema = z.object({
  /** Every class id, in the new order. */
  ids: z
    .array(classId, { error: '请提供分类顺序' })
    .min(1, '请提供分类顺序')
    .max(INTEGRAL_CLASSES_MAX, `分类不能超过${INTEGRAL_CLASSES_MAX}个`)
    .refine((ids) => new Set(ids).size === ids.length, '分类不能重复'),
});

export const classIdParamsSchema = z.object({ id: recordIdFromText('积分分类不正确') });

export const setManageAuthBodySchema = z.object({
  classId,
  storeCodes: z
    .array(storeCodeSchema, { error: '授权门店格式不正确' })
    .max(INTEGRAL_MANAGE_STORES_MAX, `授权门店不能超过${INTEGRAL_MANAGE_STORES_MAX}个`),
});

export const shelvesStateBodySchema = z.object({
  storeCode: storeCodeSchema,
  skuId,
  onShelf: z.boolean({ error: '请选择上架或下架' }),
  stock: wholeNumber('门店库存', 0, INTEGRAL_STOCK_MAX),
});
export type ShelvesStateBody = z.input<typeof shelvesStateBodySchema>;

export const nearShopsBodySchema = z.object({
  storeCode: storeCodeSchema,
  skuId,
  /** The member's position; absent: around the store asking. */
  latitude: coordinateFields.latitude.optional(),
  longitude: coordinateFields.longitude.optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers.

export const integralClassRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  skuCount: z.number().int(),
  manageStoreCount: z.number().int(),
  /** May the asking store shelve this class's SKUs. */
  manageable: z.boolean(),
  updatedAt: z.string(),
});
export type IntegralClassRow = z.infer<typeof integralClassRowSchema>;

export const classSkuRowSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  name: z.string(),
  spec: z.string(),
  labelName: z.string(),
  points: z.number().int(),
  cashCents: z.number().int(),
  perMemberLimit: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  enabled: z.boolean(),
  /** Head office: stores with it on their shelf. */
  shelfStoreCount: z.number().int(),
});
export type ClassSkuRow = z.infer<typeof classSkuRowSchema>;

export const integralClassDetailSchema = integralClassRowSchema.extend({
  skus: z.array(classSkuRowSchema),
  storeCodes: z.array(z.string()),
});
export type IntegralClassDetail = z.infer<typeof integralClassDetailSchema>;

/** A SKU with one store's shelf. */
export const shelfSkuRowSchema = classSkuRowSchema.extend({
  onShelf: z.boolean(),
  stock: z.number().int(),
  classNames: z.string(),
});
export type ShelfSkuRow = z.infer<typeof shelfSkuRowSchema>;

export const storeShelfRowSchema = z.object({
  storeCode: z.string(),
  storeName: z.string(),
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  onShelf: z.boolean(),
  stock: z.number().int(),
  updatedAt: z.string(),
});
export type StoreShelfRow = z.infer<typeof storeShelfRowSchema>;

export const nearShopSchema = z.object({
  shopCode: z.string(),
  shopName: z.string(),
  shopAddress: z.string(),
  distanceMeters: z.number().int(),
  stock: z.number().int(),
});

export const noShopSkuSchema = classSkuRowSchema.omit({ shelfStoreCount: true });

// ---------------------------------------------------------------------------------------------------------------
// Filters.

export const classSkuFilters = listFilters(
  { classId, keyword: keywordField(50) },
  { max: INTEGRAL_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const storeClassSkuFilters = listFilters(
  { storeCode: storeCodeSchema, classId, keyword: keywordField(50) },
  { max: INTEGRAL_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const storeSkuFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    keyword: keywordField(50),
    onShelf: z.boolean({ error: '上架状态不正确' }).nullish(),
  },
  { max: INTEGRAL_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const storeShelfFilters = listFilters(
  {
    skuId: skuId.nullish(),
    shelfStoreCode: storeCodeSchema.nullish(),
    onShelf: z.boolean({ error: '上架状态不正确' }).nullish(),
  },
  { max: INTEGRAL_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const noShopSkuQuerySchema = z.object({ keyword: keywordField(50) });

export const integralClassEndpoints = {
  getSkuPageInfo: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.getSkuPageInfo,
    request: classSkuFilters.request,
    response: pageOf(classSkuRowSchema),
    summary: "A class's SKUs in their order, with how many stores shelve each (head office)",
  }),
  getNoShopSkuList: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.getNoShopSkuList,
    request: noShopSkuQuerySchema,
    response: z.array(noShopSkuSchema),
    summary: 'Integral SKUs no store has on its shelf yet (head office)',
  }),
  saveClassSku: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.saveClassSku,
    request: saveClassSkuBodySchema,
    response: integralClassDetailSchema,
    summary: 'Add or edit a class with its SKUs and their points terms (head office, audited)',
  }),
  updateSort: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.updateSort,
    request: updateSortBodySchema,
    response: z.array(integralClassRowSchema),
    summary: 'Put every class in a new order (head office, audited)',
  }),
  selectClassSkuById: endpoint({
    method: 'GET',
    path: INTEGRAL_CLASS_PATHS.selectClassSkuById,
    params: classIdParamsSchema,
    request: noInput,
    response: integralClassDetailSchema,
    summary: 'One class with its SKUs and managing stores (head office)',
  }),
  getList: endpoint({
    method: 'GET',
    path: INTEGRAL_CLASS_PATHS.getList,
    request: z.object({ storeCode: storeCodeSchema }),
    response: z.array(integralClassRowSchema),
    summary: 'Every class in order, and whether this store may manage it',
  }),
  storeSkuPageInfo: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.storeSkuPageInfo,
    request: storeClassSkuFilters.request,
    response: pageOf(shelfSkuRowSchema),
    summary: "A class's SKUs with this store's shelf",
  }),
  skuPageInfo: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.skuPageInfo,
    request: storeSkuFilters.request,
    response: pageOf(shelfSkuRowSchema),
    summary: 'The SKUs of the classes this store manages, with its shelf',
  }),
  shelvesState: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.shelvesState,
    request: shelvesStateBodySchema,
    response: shelfSkuRowSchema,
    summary: 'Put a SKU of a class this store manages on or off its shelf, with its stock',
  }),
  skuStorePageInfo: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.skuStorePageInfo,
    request: storeShelfFilters.request,
    response: pageOf(storeShelfRowSchema),
    summary: "Every store's shelves, by SKU or store (head office)",
  }),
  setManageAuth: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.setManageAuth,
    request: setManageAuthBodySchema,
    response: integralClassDetailSchema,
    summary: 'Set which stores may manage a class (head office, audited)',
  }),
  nearShops: endpoint({
    method: 'POST',
    path: INTEGRAL_CLASS_PATHS.nearShops,
    request: nearShopsBodySchema,
    response: z.array(nearShopSchema),
    summary: 'The stores with a SKU on their shelf and in stock, nearest first',
  }),
};
