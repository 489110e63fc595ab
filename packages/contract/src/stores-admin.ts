import { z } from 'zod';
import { degrees, recordId, recordIdFromText, requiredText, sortNumber } from './common/fields.js';
import { endpoint, noInput } from './common/endpoint.js';
import { keywordField, listFilters } from './common/list-request.js';
import { pageOf } from './common/page.js';
import { isStorePhone } from './stores.js';

/**
 * 门店管理 and 门店分组 (head office): the store_ms calls of spec 7.6 that manage stores, and the designed ones
 * beside them (opening a store, the open work of a closing store, shop-group CRUD). docs/domain/stores-admin.md.
 */
export const STORE_ADMIN_PATHS = {
  page: '/tec/store_ms/api/manage/shopInfo/pageShopList',
  conditionQuery: '/tec/store_ms/shopInfo/conditionQueryShop',
  groupInfo: '/tec/store_ms/api/shopInfo/groupInfo',
  myGroupInfo: '/tec/store_ms/lingJiYun/shopInfo/groupInfo',
  shopCode: '/tec/store_ms/shopInfo/getShopCode',
  /** Designed: open a store (the spec names only the edit). */
  add: '/tec/store_ms/shopInfoApp/addShop',
  edit: '/tec/store_ms/shopInfoApp/editShop',
  editStatus: '/tec/store_ms/shopInfoApp/editStatus',
  /** Designed: what a store still has open, shown before it is closed. */
  openWork: '/tec/store_ms/shopInfoApp/openWork',
  /** Designed: shop groups (门店分组). */
  groups: '/tec/store_ms/shopGroup',
  groupPage: '/tec/store_ms/shopGroup/page',
} as const;

export const STORE_ADMIN_PERMISSIONS = {
  add: 'shop:add',
  edit: 'shop:edit',
  status: 'shop:status',
  groupAdd: 'shopGroup:add',
  groupEdit: 'shopGroup:edit',
  groupDelete: 'shopGroup:del',
} as const;

export const STORE_STATUSES = ['open', 'closed'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_STATUS_TEXT: Record<StoreStatus, string> = { open: '营业', closed: '停业' };

export const SHOP_PAGE_SIZE_MAX = 100;
export const SHOP_OPTIONS_MAX = 50;
export const SHOP_GROUP_NAME_MAX = 32;
export const SHOP_GROUP_SORT_MAX = 9999;
export const OPEN_WORK_LISTED_MAX = 50;
/**
 * Where a store may be placed: mainland China's bounding box (with its islands), so a swapped latitude and
 * longitude, or a point in another country, is refused (docs/domain/stores-admin.md "Location").
 */
export const CHINA_BOUNDS = { latMin: 3.8, latMax: 53.6, lngMin: 73.4, lngMax: 135.1 } as const;

const B = CHINA_BOUNDS;
export const STORE_ADMIN_MESSAGES = {
  latitude: `纬度须在${B.latMin}到${B.latMax}之间（中国境内）`,
  longitude: `经度须在${B.lngMin}到${B.lngMax}之间（中国境内）`,
} as const;

const areaCode = z
  .string({ error: '地区不正确' })
  .trim()
  .regex(/^\d{6}$/, '地区不正确');
const status = z.enum(STORE_STATUSES, { error: '门店状态不正确' });

export const storeAdminFilters = listFilters(
  {
    /** A store's name or code, by prefix. */
    keyword: keywordField(32),
    shopGroupId: recordId('门店分组不正确').nullish(),
    /** A province, city or county code: the stores anywhere in it. */
    areaCode: areaCode.nullish(),
    status: status.nullish(),
  },
  { max: SHOP_PAGE_SIZE_MAX, defaultSize: 20 },
);
export type StoreAdminFilters = z.output<typeof storeAdminFilters.filters>;

export const storeAdminRowSchema = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  businessScopeName: z.string(),
  shopGroupId: z.number().int(),
  groupName: z.string(),
  shopPhone: z.string(),
  shopProvinceCode: z.string(),
  shopCityCode: z.string(),
  shopCountyCode: z.string(),
  /** 北京市朝阳区: the region as people write it. */
  regionName: z.string(),
  shopDetailAddress: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreAdminRow = z.infer<typeof storeAdminRowSchema>;
export const storeAdminPageSchema = pageOf(storeAdminRowSchema);

export const STORE_ADMIN_COLUMN_TITLES = {
  shopName: '门店',
  shopCode: '门店编号',
  groupName: '门店分组',
  regionName: '所在地区',
  shopDetailAddress: '详细地址',
  shopPhone: '门店电话',
  status: '状态',
  createdAt: '开店时间',
} as const;

export const storeOptionSchema = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  status,
});
export type StoreOption = z.infer<typeof storeOptionSchema>;

/** What opening and editing a store share; region names come from the national tree on the server. */
const storeFields = {
  shopName: z
    .string({ error: '请输入门店简称' })
    .trim()
    .min(1, '请输入门店简称')
    .max(64, '门店简称不能超过64个字'),
  businessScopeName: z
    .string({ error: '请输入门店全称' })
    .trim()
    .min(1, '请输入门店全称')
    .max(128, '门店全称不能超过128个字'),
  shopGroupId: recordId('请选择门店分组'),
  shopPhone: z
    .string({ error: '门店电话格式不正确' })
    .trim()
    .max(32, '门店电话格式不正确')
    .refine((v) => v === '' || isStorePhone(v), '门店电话格式不正确')
    .default(''),
  shopProvinceCode: areaCode,
  shopCityCode: areaCode,
  /** Cities without counties list their 9-digit towns. */
  shopCountyCode: z
    .string({ error: '请选择所在地区' })
    .trim()
    .regex(/^\d{6}(\d{3})?$/, '请选择所在地区'),
  shopDetailAddress: z
    .string({ error: '请输入详细地址' })
    .trim()
    .min(1, '请输入详细地址')
    .max(255, '详细地址不能超过255个字'),
  latitude: degrees(STORE_ADMIN_MESSAGES.latitude, B.latMin, B.latMax),
  longitude: degrees(STORE_ADMIN_MESSAGES.longitude, B.lngMin, B.lngMax),
};

export const storeAddBodySchema = z.object({
  ...storeFields,
  /** The code `getShopCode` handed out; the server makes one when it is left out. */
  shopCode: z
    .string({ error: '门店编号格式不正确' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '门店编号格式不正确')
    .nullish(),
});
export type StoreAddBody = z.input<typeof storeAddBodySchema>;
export const storeEditBodySchema = z.object({ id: recordId('门店编号不正确'), ...storeFields });
export type StoreEditBody = z.input<typeof storeEditBodySchema>;

/** A GET (spec 7.6): the flags come as query text. */
const queryFlag = z.enum(['true', 'false'], { error: '确认标记不正确' }).transform((v) => v === 'true');
export const storeStatusQuerySchema = z.object({
  id: recordIdFromText('门店编号不正确'),
  status,
  /** The caller has seen the store's open work (`openWork`) and closes it anyway. */
  confirmOpenWork: queryFlag.default(false),
});
export const storeIdQuerySchema = z.object({ id: recordIdFromText('门店编号不正确') });

export const OPEN_WORK_KINDS = ['order', 'valet'] as const;
export const openWorkSchema = z.object({
  /** Orders taken and not finished (waiting to ship, shipped). */
  orderCount: z.number().int(),
  /** Valet orders waiting for the customer's confirmation. */
  valetOrderCount: z.number().int(),
  /** The oldest first, at most OPEN_WORK_LISTED_MAX. */
  items: z.array(
    z.object({
      kind: z.enum(OPEN_WORK_KINDS),
      no: z.string(),
      status: z.string(),
      at: z.string(),
    }),
  ),
});
export type OpenWork = z.infer<typeof openWorkSchema>;

export const shopCodeAnswerSchema = z.object({ shopCode: z.string() });

const groupStoreSchema = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  businessScopeName: z.string(),
  status,
});
/** A shop group with its stores (`groupInfo`). */
export const groupInfoSchema = z.object({
  shopGroupId: z.number().int(),
  frontTitle: z.string(),
  sort: z.number().int(),
  storeCount: z.number().int(),
  shopList: z.array(groupStoreSchema),
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;
export const groupInfoBodySchema = z.object({
  shopGroupIds: z.array(recordId('门店分组不正确')).max(200, '最多查询200个分组').nullish(),
  status: status.nullish(),
});

export const shopGroupFilters = listFilters(
  { keyword: keywordField(SHOP_GROUP_NAME_MAX) },
  { max: SHOP_PAGE_SIZE_MAX, defaultSize: 20 },
);
export const shopGroupRowSchema = z.object({
  id: z.number().int(),
  frontTitle: z.string(),
  sort: z.number().int(),
  storeCount: z.number().int(),
  openCount: z.number().int(),
  createdAt: z.string(),
});
export type ShopGroupRow = z.infer<typeof shopGroupRowSchema>;

const groupFields = {
  frontTitle: requiredText(
    SHOP_GROUP_NAME_MAX,
    '请输入分组名称',
    `分组名称不能超过${SHOP_GROUP_NAME_MAX}个字`,
  ),
  sort: sortNumber(SHOP_GROUP_SORT_MAX),
};
export const shopGroupCreateSchema = z.object(groupFields);
export type ShopGroupCreate = z.input<typeof shopGroupCreateSchema>;
export const shopGroupUpdateSchema = z.object({ id: recordId('门店分组不正确'), ...groupFields });

export const storeAdminEndpoints = {
  page: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.page,
    request: storeAdminFilters.request,
    response: storeAdminPageSchema,
    summary: 'Head office: stores by group, area, status and name or code prefix, newest first',
  }),
  conditionQuery: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.conditionQuery,
    request: storeAdminFilters.filters,
    response: z.array(storeOptionSchema),
    summary: `Head office: the first ${SHOP_OPTIONS_MAX} stores matching the list's filters, for pickers`,
  }),
  groupInfo: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.groupInfo,
    request: groupInfoBodySchema,
    response: z.array(groupInfoSchema),
    summary: 'Head office: shop groups (all, or the ones asked) with their stores',
  }),
  myGroupInfo: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.myGroupInfo,
    request: noInput,
    response: z.array(groupInfoSchema),
    summary: "The caller's open authorised stores, by shop group",
  }),
  shopCode: endpoint({
    method: 'GET',
    path: STORE_ADMIN_PATHS.shopCode,
    request: noInput,
    response: shopCodeAnswerSchema,
    summary: 'Head office: a new store code, never handed out before',
  }),
  add: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.add,
    request: storeAddBodySchema,
    response: storeAdminRowSchema,
    summary: 'Head office: open a store (its code from getShopCode or made here)',
  }),
  edit: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.edit,
    request: storeEditBodySchema,
    response: storeAdminRowSchema,
    summary: "Head office: a store's names, group, phone, area, address and location",
  }),
  openWork: endpoint({
    method: 'GET',
    path: STORE_ADMIN_PATHS.openWork,
    request: storeIdQuerySchema,
    response: openWorkSchema,
    summary: 'Head office: the orders and valet orders a store still has open',
  }),
  editStatus: endpoint({
    method: 'GET',
    path: STORE_ADMIN_PATHS.editStatus,
    request: storeStatusQuerySchema,
    response: storeAdminRowSchema,
    summary: 'Head office: close or reopen a store; closing with open work needs confirmOpenWork=true',
  }),
  groupPage: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.groupPage,
    request: shopGroupFilters.request,
    response: pageOf(shopGroupRowSchema),
    summary: 'Head office: shop groups by name with their store counts, in sort order',
  }),
  groupCreate: endpoint({
    method: 'POST',
    path: STORE_ADMIN_PATHS.groups,
    request: shopGroupCreateSchema,
    response: shopGroupRowSchema,
    summary: 'Head office: a new shop group (names are unique)',
  }),
  groupUpdate: endpoint({
    method: 'PUT',
    path: STORE_ADMIN_PATHS.groups,
    request: shopGroupUpdateSchema,
    response: shopGroupRowSchema,
    summary: 'Head office: rename or re-sort a shop group',
  }),
  groupDelete: endpoint({
    method: 'DELETE',
    path: STORE_ADMIN_PATHS.groups,
    request: storeIdQuerySchema,
    response: z.null(),
    summary: 'Head office: delete a shop group without stores',
  }),
};
