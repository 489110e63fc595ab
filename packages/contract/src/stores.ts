import { z } from 'zod';
import { LANDLINE_PATTERN, MOBILE_PATTERN } from './validation.js';
import { degrees, recordId } from './common/fields.js';
import { endpoint } from './common/endpoint.js';
import { pageRequest } from './common/page.js';
import { STORE_PATHS } from './paths.js';

/** A store code (address id): letters, digits, `-` and `_`, at most 32 characters. */
export const STORE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** The web's default position when the browser gives none (spec 9). */
export const DEFAULT_STORE_COORDINATES = { latitude: 39.77843, longitude: 116.51507 } as const;
export const STORE_PAGE_SIZE_MAX = 50;
export const STAFF_PAGE_SIZE_MAX = 100;
export const PLACE_RESULTS_MAX = 10;

const userId = recordId('用户编号不正确');
export const storeCodeSchema = z
  .string({ error: '缺少门店编号' })
  .trim()
  .min(1, '缺少门店编号')
  .regex(STORE_CODE_PATTERN, '门店编号格式不正确');
const latitude = degrees('纬度不正确', -90, 90);
const longitude = degrees('经度不正确', -180, 180);

/** Selected store (spec 3, shopInfo); `addressId` equals `storeCode`. */
export const selectedStoreSchema = z.object({
  storeCode: z.string(),
  addressId: z.string(),
  frontTitle: z.string(),
  businessScopeName: z.string(),
});
export type SelectedStore = z.infer<typeof selectedStoreSchema>;

export const lastStoreBodySchema = z.object({ userId });
export type LastStoreBody = z.infer<typeof lastStoreBodySchema>;

export const saveLastStoreBodySchema = z.object({ storeCode: storeCodeSchema, userId });
export type SaveLastStoreBody = z.infer<typeof saveLastStoreBodySchema>;

export const shopGroupQuerySchema = z.object({
  ...pageRequest({ max: STORE_PAGE_SIZE_MAX, defaultSize: 10 }),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  searchKeyWord: z.string({ error: '搜索关键字不正确' }).trim().max(50, '搜索关键字不能超过50个字').nullish(),
});
export type ShopGroupQuery = z.infer<typeof shopGroupQuerySchema>;

export const shopListItemSchema = z.object({
  addressId: z.string(),
  businessScopeName: z.string(),
  shopName: z.string(),
  /** Kilometres from the given coordinates; null when the store has no location. */
  distanceKm: z.number().nullable(),
});
export type ShopListItem = z.infer<typeof shopListItemSchema>;

/** Shop group (spec 3). */
export const shopGroupSchema = z.object({
  shopGroupId: z.number().int(),
  frontTitle: z.string(),
  shopList: z.array(shopListItemSchema),
});
export type ShopGroup = z.infer<typeof shopGroupSchema>;

/** Answers `list` and `total` only, as before the kit (the web and the API tests read that shape), not `pageOf`. */
export const shopGroupPageSchema = z.object({ list: z.array(shopGroupSchema), total: z.number().int() });
export type ShopGroupPage = z.infer<typeof shopGroupPageSchema>;

/** `success` beside the envelope fields (spec 3: "a paged response has a success flag"). */
export const shopGroupResponseSchema = z.object({
  result: z.number().int(),
  success: z.boolean(),
  data: shopGroupPageSchema,
  errorMsg: z.string().nullable(),
  errorCode: z.string().nullable(),
});

export const shopCodeBodySchema = z.object({ shopCode: storeCodeSchema });
export type ShopCodeBody = z.infer<typeof shopCodeBodySchema>;

export const infoStatusSchema = z
  .object({ infoConfirmed: z.literal(true), confirmedAt: z.string().nullable() })
  .nullable();
export type InfoStatus = z.infer<typeof infoStatusSchema>;

/** Store detail (spec 3). */
export const storeDetailSchema = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  shopPhone: z.string(),
  shopProvinceCode: z.string(),
  shopCityCode: z.string(),
  shopCountyCode: z.string(),
  shopProvinceName: z.string(),
  shopCityName: z.string(),
  shopCountyName: z.string(),
  shopDetailAddress: z.string(),
  shopAddress: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  contactsId: z.number().int().nullable(),
  contactsName: z.string(),
  contactsPhone: z.string(),
  organizeId: z.number().int().nullable(),
  infoConfirmed: z.boolean(),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

export const areaTreeBodySchema = z.object({
  areaLevel: z
    .number({ error: '区域层级不正确' })
    .int('区域层级不正确')
    .min(1, '区域层级不正确')
    .max(4, '区域层级不正确')
    .default(4),
});

/** Area tree node (spec 3); `id` is the 6-digit GB/T 2260 code (9-digit town code under a city without counties). */
export type AreaNode = { id: string; name: string; children?: AreaNode[] };
export const areaNodeSchema: z.ZodType<AreaNode> = z.object({
  id: z.string(),
  name: z.string(),
  get children() {
    return z.array(areaNodeSchema).optional();
  },
});

export const placeSearchBodySchema = z.object({
  keyword: z
    .string({ error: '请输入搜索关键字' })
    .trim()
    .min(1, '请输入搜索关键字')
    .max(50, '搜索关键字不能超过50个字'),
});

/** Search place result (spec 3). */
export const placeSchema = z.object({
  id: z.string(),
  title: z.string(),
  address: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  adcode: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** Store-scoped: the store comes from `shopCode` or the X-Store-Code header; deptIds must be its departments. */
export const staffListBodySchema = z.object({
  shopCode: storeCodeSchema.optional(),
  deptIds: z
    .array(recordId('部门编号不正确'), {
      error: '请选择部门',
    })
    .min(1, '请选择部门')
    .max(50, '部门数量不能超过50个'),
  pageIndex: z
    .number({ error: '页码不正确' })
    .int('页码不正确')
    .min(1, '页码不正确')
    .max(10_000, '页码不正确')
    .default(1),
  pageSize: z
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(STAFF_PAGE_SIZE_MAX, `每页条数不能超过${STAFF_PAGE_SIZE_MAX}`)
    .default(STAFF_PAGE_SIZE_MAX),
});

/** Contact option (spec 3). */
export const contactOptionSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type ContactOption = z.infer<typeof contactOptionSchema>;
export const staffPageSchema = z.object({ list: z.array(contactOptionSchema), total: z.number().int() });

/** Landline (area code, hyphen, 5–14 digits) or mainland mobile (spec 5). */
export function isStorePhone(value: string): boolean {
  return LANDLINE_PATTERN.test(value) || MOBILE_PATTERN.test(value);
}

const regionCode = z
  .string({ error: '请选择' })
  .trim()
  .regex(/^\d{6}$/, '请选择');
/** Counties are 6 digits; cities without counties (东莞, 中山, 儋州, 嘉峪关) list their 9-digit towns. */
const countyCode = z
  .string({ error: '请选择' })
  .trim()
  .regex(/^\d{6}(\d{3})?$/, '请选择');
const regionName = z.string({ error: '请选择' }).trim().min(1, '请选择').max(32, '地区名称不正确');
const LOCATION_MISSING = '请设置门店定位信息';

/** Store-info form (spec 5). Coordinates of 0 count as "no location". */
export const storeInfoSaveBodySchema = z.object({
  id: recordId('门店编号不正确').nullish(),
  shopCode: storeCodeSchema,
  shopName: z.string({ error: '请选择门店' }).trim().min(1, '请选择门店').max(64, '门店简称不能超过64个字'),
  shopPhone: z
    .string({ error: '请输入联系电话' })
    .trim()
    .min(1, '请输入联系电话')
    .refine(isStorePhone, '联系电话格式不正确'),
  shopProvinceCode: regionCode,
  shopCityCode: regionCode,
  shopCountyCode: countyCode,
  shopProvinceName: regionName,
  shopCityName: regionName,
  shopCountyName: regionName,
  shopDetailAddress: z
    .string({ error: '请输入详细地址' })
    .trim()
    .min(1, '请输入详细地址')
    .max(255, '详细地址不能超过255个字'),
  latitude: degrees(LOCATION_MISSING, -90, 90).nullish(),
  longitude: degrees(LOCATION_MISSING, -180, 180).nullish(),
  contactsId: recordId('联系人不正确').nullish(),
  contactsName: z.string({ error: '联系人不正确' }).trim().max(64, '联系人姓名不能超过64个字').default(''),
  contactsPhone: z
    .string({ error: '联系人电话格式不正确' })
    .trim()
    .max(20, '联系人电话格式不正确')
    .refine((v) => v === '' || isStorePhone(v), '联系人电话格式不正确')
    .default(''),
});
export type StoreInfoSaveBody = z.infer<typeof storeInfoSaveBodySchema>;

export const authInfoBodySchema = z.object({ userId });
export const authInfoSchema = z.object({
  roleBaseInfoDTOList: z.array(
    z.object({ roleId: z.number().int(), roleName: z.string(), permission: z.string() }),
  ),
  storeCodeList: z.array(z.string()),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

export const logoutActionBodySchema = z.object({}).default({});

/** Store selection, store info and the store console's lookups (spec 7.3, docs/domain/stores.md). */
export const storeEndpoints = {
  lastStore: endpoint({
    method: 'POST',
    path: STORE_PATHS.lastStore,
    request: lastStoreBodySchema,
    response: selectedStoreSchema.nullable(),
    summary: 'The last-used store of the caller (null when none or no longer authorised)',
  }),
  saveLastStore: endpoint({
    method: 'POST',
    path: STORE_PATHS.saveLastStore,
    request: saveLastStoreBodySchema,
    response: z.null(),
    summary: 'Set the current store (store-scoped by storeCode)',
  }),
  /** Answers the envelope plus `success: true` (`shopGroupResponseSchema`), as the spec's client expects. */
  shopGroups: endpoint({
    method: 'POST',
    path: STORE_PATHS.shopGroups,
    request: shopGroupQuerySchema,
    response: shopGroupPageSchema,
    summary: "Page of the caller's authorised stores, nearest first, grouped by area title",
  }),
  infoStatus: endpoint({
    method: 'POST',
    path: STORE_PATHS.infoStatus,
    request: shopCodeBodySchema,
    response: infoStatusSchema,
    summary: 'Store-info confirmation status; data null when the store-info dialog must open',
  }),
  detail: endpoint({
    method: 'POST',
    path: STORE_PATHS.detail,
    request: shopCodeBodySchema,
    response: storeDetailSchema,
    summary: 'Store detail',
  }),
  save: endpoint({
    method: 'POST',
    path: STORE_PATHS.save,
    request: storeInfoSaveBodySchema,
    response: z.null(),
    summary: 'Save and confirm the store info',
  }),
  areaTree: endpoint({
    method: 'POST',
    path: STORE_PATHS.areaTree,
    request: areaTreeBodySchema,
    response: z.array(areaNodeSchema),
    summary: 'Province / city / county tree (GB/T 2260 6-digit codes)',
  }),
  placeSearch: endpoint({
    method: 'POST',
    path: STORE_PATHS.placeSearch,
    request: placeSearchBodySchema,
    response: z.array(placeSchema),
    summary: 'Place keyword search for the store-info map (at most 10 results)',
  }),
  staffList: endpoint({
    method: 'POST',
    path: STORE_PATHS.staffList,
    request: staffListBodySchema,
    response: staffPageSchema,
    summary: "Enabled staff of the scoped store's departments (store from shopCode or X-Store-Code)",
  }),
  authInfo: endpoint({
    method: 'POST',
    path: STORE_PATHS.authInfo,
    request: authInfoBodySchema,
    response: authInfoSchema,
    summary: "The caller's roles and authorised store codes",
  }),
  logoutAction: endpoint({
    method: 'POST',
    path: STORE_PATHS.logoutAction,
    request: logoutActionBodySchema,
    response: z.null(),
    summary: 'Record a log-out action and revoke the session',
  }),
};
