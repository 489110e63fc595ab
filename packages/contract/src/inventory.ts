import { z } from 'zod';
import {
  dateRangeFields,
  endpoint,
  keysetListFilters,
  keysetPageOf,
  keywordField,
  listFilters,
  pageOf,
} from './common/index.js';
import { recordId, requiredText } from './common/fields.js';
import { storeCodeSchema } from './stores.js';

/**
 * Inventory (docs/domain/inventory.md): the store's stock, transfers between stores (调拨调入 / 调拨调出) and the
 * approval tasks (待我审核 / 我发起的). The spec names the pages and message targets but no calls: the paths
 * are designed.
 */
export const INVENTORY_PATHS = {
  stockList: '/tec/inventory/stock/list',
  transferList: '/tec/inventory/transfer/list',
  transferDetail: '/tec/inventory/transfer/detail',
  transferApply: '/tec/inventory/transfer/apply',
  transferDispatch: '/tec/inventory/transfer/dispatch',
  transferAccept: '/tec/inventory/transfer/accept',
  transferRefuse: '/tec/inventory/transfer/refuse',
  transferConfirmBatch: '/tec/inventory/transfer/confirmBatch',
  transferShip: '/tec/inventory/transfer/ship',
  transferReceive: '/tec/inventory/transfer/receive',
  transferCancel: '/tec/inventory/transfer/cancel',
  auditPending: '/tec/inventory/audit/pending',
  auditMine: '/tec/inventory/audit/mine',
  auditDecide: '/tec/inventory/audit/decide',
  auditBatchApprove: '/tec/inventory/audit/batchApprove',
  auditPendingExport: '/tec/inventory/audit/exportPending',
  auditMineExport: '/tec/inventory/audit/exportMine',
  requestGoodsList: '/tec/inventory/requestGoods/list',
  requestGoodsDetail: '/tec/inventory/requestGoods/detail',
  requestGoodsApply: '/tec/inventory/requestGoods/apply',
  requestGoodsCancel: '/tec/inventory/requestGoods/cancel',
  requestGoodsReceive: '/tec/inventory/requestGoods/receive',
  requestGoodsExport: '/tec/inventory/requestGoods/export',
} as const;

const PAGE_SIZE_MAX = 50;
/**
 * The long lists (a store's stock, its transfers) are keyset pages: `total` is exact up to this many rows and
 * `totalExact` false beyond, since counting a store's 20,000 batches on every page cost more than the page.
 */
export const INVENTORY_COUNT_CAP = 1_000;
export const TRANSFER_LINES_MAX = 100;
export const TRANSFER_QUANTITY_MAX = 100_000;
export const INVENTORY_REASON_MAX = 200;

// ------------------------------------------------------------------------------------------------------------
// Stock

/** A batch expiring within this many days (Asia/Shanghai, today included) is near expiry (临期). */
export const STOCK_NEAR_EXPIRY_DAYS = 30;

const stockFlag = (message: string) => z.boolean({ error: message }).default(false);
export const stockFilters = keysetListFilters(
  {
    storeCode: storeCodeSchema,
    /** SKU code (exact) or part of the SKU name. */
    keyword: keywordField(50),
    /** Only batches with stock on hand expiring within STOCK_NEAR_EXPIRY_DAYS (or already expired). */
    nearExpiry: stockFlag('临期筛选不正确'),
    /** Only batches with goods in transit to the store. */
    inTransit: stockFlag('在途筛选不正确'),
  },
  { max: PAGE_SIZE_MAX },
);
export const stockListBodySchema = stockFilters.request;
export type StockListBody = z.input<typeof stockListBodySchema>;

export const stockRowSchema = z.object({
  /** The balance (one per store, SKU and batch). */
  id: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  spec: z.string(),
  batchNo: z.string(),
  productionDate: z.string(),
  expiryDate: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  inTransit: z.number().int(),
  /** On hand and expiring within STOCK_NEAR_EXPIRY_DAYS, or expired. */
  nearExpiry: z.boolean(),
});
export type StockRow = z.infer<typeof stockRowSchema>;
export const stockPageSchema = keysetPageOf(stockRowSchema);
export type StockPage = z.infer<typeof stockPageSchema>;

// ------------------------------------------------------------------------------------------------------------
// Transfers

export const TRANSFER_STATUSES = [
  'pending_accept',
  'accept_review',
  'accepted',
  'ship_review',
  'ready_to_ship',
  'in_transit',
  'partially_received',
  'received',
  'cancelled',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_TEXT: Record<TransferStatus, string> = {
  pending_accept: '待接单',
  accept_review: '接单审核中',
  accepted: '待确认发货批次',
  ship_review: '发货审核中',
  ready_to_ship: '待发货',
  in_transit: '运输中',
  partially_received: '部分收货',
  received: '已收货',
  cancelled: '已取消',
};

/** in: the caller's store receives (调拨调入); out: it gives (调拨调出). */
export const TRANSFER_SIDES = ['in', 'out'] as const;
export type TransferSide = (typeof TRANSFER_SIDES)[number];

export const TRANSFER_ACTIONS = ['accept', 'refuse', 'confirmBatch', 'ship', 'receive', 'cancel'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

const transferNoSchema = z
  .string({ error: '调拨单号不正确' })
  .trim()
  .regex(/^[A-Z0-9]{1,32}$/, '调拨单号不正确');

export const transferFilters = keysetListFilters(
  {
    storeCode: storeCodeSchema,
    side: z.enum(TRANSFER_SIDES, { error: '请选择调入或调出' }),
    status: z.enum(['all', ...TRANSFER_STATUSES], { error: '调拨状态不正确' }).default('all'),
    /** The transfer-in order a message points at (spec 2.15 `ReceivedOrders` inOrderNo). */
    inOrderNo: transferNoSchema.nullish(),
    /** Transfer number (exact) or the other store's name. */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: PAGE_SIZE_MAX },
);
export const transferListBodySchema = transferFilters.request;
export type TransferListBody = z.input<typeof transferListBodySchema>;

export const transferRowSchema = z.object({
  id: z.number().int(),
  transferNo: z.string(),
  origin: z.enum(['apply', 'dispatch']),
  status: z.enum(TRANSFER_STATUSES),
  statusText: z.string(),
  toStoreCode: z.string(),
  toStoreName: z.string(),
  fromStoreCode: z.string(),
  fromStoreName: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  hasDiscrepancy: z.boolean(),
  requestedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransferRow = z.infer<typeof transferRowSchema>;
export const transferPageSchema = keysetPageOf(transferRowSchema);
export type TransferPage = z.infer<typeof transferPageSchema>;

const transferIdSchema = recordId('缺少调拨单编号');
const lineIdSchema = recordId('调拨明细编号不正确');
const quantity = (what: string, min = 1) =>
  z
    .number({ error: `${what}必须是数字` })
    .int(`${what}必须是整数`)
    .min(min, min === 0 ? `${what}不能小于0` : `${what}须大于0`)
    .max(TRANSFER_QUANTITY_MAX, `${what}不能超过${TRANSFER_QUANTITY_MAX}`);
const reasonSchema = requiredText(
  INVENTORY_REASON_MAX,
  '请填写原因',
  `原因不能超过${INVENTORY_REASON_MAX}个字`,
);

/** A required reason (cancel, refuse, reject), shared by every inventory document. */
export const inventoryReasonSchema = reasonSchema;

/** The SKU lines of a new document (调拨, 要货, 借货): at least one, each SKU once. */
export const docLinesSchema = (verb: string) =>
  z
    .array(z.object({ skuId: recordId('请选择商品'), quantity: quantity(`${verb}数量`) }), {
      error: `请添加${verb}商品`,
    })
    .min(1, `请添加${verb}商品`)
    .max(TRANSFER_LINES_MAX, `一次最多${verb}${TRANSFER_LINES_MAX}种商品`)
    .refine((lines) => new Set(lines.map((l) => l.skuId)).size === lines.length, '同一商品请合并为一行');

export const transferDetailBodySchema = z.object({ storeCode: storeCodeSchema, id: transferIdSchema });

export const transferLineSchema = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  batchNo: z.string(),
  shipQuantity: z.number().int(),
  receivedQuantity: z.number().int(),
  damagedQuantity: z.number().int(),
  shortQuantity: z.number().int(),
  /** Shipped and neither received nor closed: the backorder still in transit. */
  outstanding: z.number().int(),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const docEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  actionText: z.string(),
  userName: z.string(),
  note: z.string(),
});
export type DocEvent = z.infer<typeof docEventSchema>;

export const transferDetailSchema = transferRowSchema.extend({
  /** Which side the caller's store is on. */
  side: z.enum(TRANSFER_SIDES),
  remark: z.string(),
  cancelReason: z.string(),
  lines: z.array(transferLineSchema),
  /** Oldest first. */
  timeline: z.array(docEventSchema),
  /** What the caller may do now (its store's side, its buttons and the state). */
  actions: z.array(z.enum(TRANSFER_ACTIONS)),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

export const transferApplyBodySchema = z.object({
  storeCode: storeCodeSchema,
  /** The giving store. */
  fromStoreCode: storeCodeSchema,
  remark: z
    .string({ error: '备注不正确' })
    .trim()
    .max(INVENTORY_REASON_MAX, `备注不能超过${INVENTORY_REASON_MAX}个字`)
    .default(''),
  lines: docLinesSchema('调拨'),
});
export type TransferApplyBody = z.input<typeof transferApplyBodySchema>;

/** Head office's automatic transfer-in: `storeCode` is the caller's chosen store, the two parties are named. */
export const transferDispatchBodySchema = transferApplyBodySchema.extend({
  /** The receiving store. */
  toStoreCode: storeCodeSchema,
});
export type TransferDispatchBody = z.input<typeof transferDispatchBodySchema>;
/** A dispatch answers the new transfer's number: its detail belongs to the two stores, not to head office's. */
export const transferDispatchResultSchema = z.object({ id: z.number().int(), transferNo: z.string() });
export type TransferDispatchResult = z.infer<typeof transferDispatchResultSchema>;

export const transferReasonBodySchema = transferDetailBodySchema.extend({ reason: reasonSchema });
export type TransferReasonBody = z.input<typeof transferReasonBodySchema>;

export const transferConfirmBatchBodySchema = transferDetailBodySchema.extend({
  lines: z
    .array(
      z.object({
        lineId: lineIdSchema,
        batchNo: z
          .string({ error: '请选择发货批次' })
          .trim()
          .min(1, '请选择发货批次')
          .max(32, '批次号不正确'),
        quantity: quantity('发货数量'),
      }),
      { error: '请填写发货批次' },
    )
    .min(1, '请填写发货批次')
    .max(TRANSFER_LINES_MAX, '发货明细过多'),
});
export type TransferConfirmBatchBody = z.input<typeof transferConfirmBatchBodySchema>;

export const transferReceiveBodySchema = transferDetailBodySchema.extend({
  lines: z
    .array(
      z.object({
        lineId: lineIdSchema,
        received: quantity('实收数量', 0),
        damaged: quantity('破损数量', 0).default(0),
        /** Ends the line's backorder: what is still outstanding is recorded short. */
        closeShort: z.boolean({ error: '差异关闭标记不正确' }).default(false),
      }),
      { error: '请填写收货数量' },
    )
    .min(1, '请填写收货数量')
    .max(TRANSFER_LINES_MAX, '收货明细过多'),
});
export type TransferReceiveBody = z.input<typeof transferReceiveBodySchema>;

// ------------------------------------------------------------------------------------------------------------
// Request goods (要货)

export const REQUEST_GOODS_STATUSES = [
  'pending_review',
  'rejected',
  'in_transit',
  'partially_received',
  'received',
  'out_of_stock',
  'cancelled',
] as const;
export type RequestGoodsStatus = (typeof REQUEST_GOODS_STATUSES)[number];
export const REQUEST_GOODS_STATUS_TEXT: Record<RequestGoodsStatus, string> = {
  pending_review: '待审核',
  rejected: '已驳回',
  in_transit: '已发货',
  partially_received: '部分收货',
  received: '已收货',
  out_of_stock: '仓库缺货',
  cancelled: '已撤回',
};
export const REQUEST_GOODS_ACTIONS = ['receive', 'cancel'] as const;
export type RequestGoodsAction = (typeof REQUEST_GOODS_ACTIONS)[number];

export const requestGoodsFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    status: z.enum(['all', ...REQUEST_GOODS_STATUSES], { error: '要货单状态不正确' }).default('all'),
    /** Request number (exact). */
    keyword: keywordField(50),
    ...dateRangeFields,
  },
  { max: PAGE_SIZE_MAX },
);
export const requestGoodsListBodySchema = requestGoodsFilters.request;
export type RequestGoodsListBody = z.input<typeof requestGoodsListBodySchema>;
/** The list's filters without paging: what an Excel export of 要货管理 takes. */
export const requestGoodsExportBodySchema = requestGoodsFilters.filters;
export type RequestGoodsExportBody = z.infer<typeof requestGoodsExportBodySchema>;
/** The workbook's column titles (the list's). */
export const REQUEST_GOODS_COLUMN_TITLES = {
  requestNo: '要货单号',
  status: '状态',
  warehouseName: '供货仓库',
  lineCount: '商品种数',
  totalQuantity: '申请数量',
  valueCents: '申请金额',
  flags: '差异',
  requestedByName: '申请人',
  createdAt: '申请时间',
} as const;

export const requestGoodsRowSchema = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  status: z.enum(REQUEST_GOODS_STATUSES),
  statusText: z.string(),
  warehouseName: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  valueCents: z.number().int(),
  hasShortage: z.boolean(),
  hasDiscrepancy: z.boolean(),
  requestedByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RequestGoodsRow = z.infer<typeof requestGoodsRowSchema>;
export const requestGoodsPageSchema = pageOf(requestGoodsRowSchema);
export type RequestGoodsPage = z.infer<typeof requestGoodsPageSchema>;

export const requestGoodsLineSchema = transferLineSchema;
export type RequestGoodsLine = TransferLine;

export const requestGoodsDetailSchema = requestGoodsRowSchema.extend({
  remark: z.string(),
  rejectReason: z.string(),
  lines: z.array(requestGoodsLineSchema),
  timeline: z.array(docEventSchema),
  actions: z.array(z.enum(REQUEST_GOODS_ACTIONS)),
});
export type RequestGoodsDetail = z.infer<typeof requestGoodsDetailSchema>;

export const requestGoodsDetailBodySchema = z.object({
  storeCode: storeCodeSchema,
  id: recordId('缺少要货单编号'),
});
export const requestGoodsApplyBodySchema = transferApplyBodySchema.omit({ fromStoreCode: true }).extend({
  lines: docLinesSchema('要货'),
});
export type RequestGoodsApplyBody = z.input<typeof requestGoodsApplyBodySchema>;
export const requestGoodsReasonBodySchema = requestGoodsDetailBodySchema.extend({ reason: reasonSchema });
export const requestGoodsReceiveBodySchema = transferReceiveBodySchema;

// ------------------------------------------------------------------------------------------------------------
// Approval tasks

/** Spec 4.9 busiType: 1 request goods, 2 borrowed goods, 3 transfer-out shipping confirm, 4 accept transfer-out. */
export const BUSI_TYPES = [1, 2, 3, 4] as const;
export type BusiType = (typeof BUSI_TYPES)[number];
export const BUSI_TYPE_TEXT: Record<BusiType, string> = {
  1: '要货审核',
  2: '借货审核',
  3: '调出发货确认审核',
  4: '接受调出审核',
};

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_TEXT: Record<ApprovalState, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

const busiTypeFilter = z
  .union([z.literal(0), ...BUSI_TYPES.map((t) => z.literal(t))], { error: '业务类型不正确' })
  .default(0);

const auditPendingFilters = listFilters(
  { storeCode: storeCodeSchema, busiType: busiTypeFilter },
  { max: PAGE_SIZE_MAX },
);
export const auditPendingBodySchema = auditPendingFilters.request;
export type AuditPendingBody = z.input<typeof auditPendingBodySchema>;
/** 待我审核's filters without paging: what its Excel export takes. */
export const auditPendingExportBodySchema = auditPendingFilters.filters;
export type AuditPendingExportBody = z.infer<typeof auditPendingExportBodySchema>;

const auditMineFilters = listFilters(
  {
    storeCode: storeCodeSchema,
    busiType: busiTypeFilter,
    state: z.enum(['all', ...APPROVAL_STATES], { error: '审核状态不正确' }).default('all'),
  },
  { max: PAGE_SIZE_MAX },
);
export const auditMineBodySchema = auditMineFilters.request;
export type AuditMineBody = z.input<typeof auditMineBodySchema>;
/** 我发起的's filters without paging: what its Excel export takes. */
export const auditMineExportBodySchema = auditMineFilters.filters;
export type AuditMineExportBody = z.infer<typeof auditMineExportBodySchema>;

/** The export buttons of the two approval lists (menu-tree.ts): each list its own. */
export const AUDIT_EXPORT_PERMISSIONS = {
  pending: 'reviewPending:export',
  mine: 'auditRequests:export',
} as const;

/** The approval lists' column titles: the pages and the workbooks read them. */
export const APPROVAL_COLUMN_TITLES = {
  docNo: '单据号',
  busiType: '业务类型',
  storeName: '申请门店',
  otherStoreName: '对方门店',
  requesterName: '申请人',
  valueCents: '金额',
  state: '审核状态',
  decidedByName: '审核人',
  reason: '审核意见',
  createdAt: '提交时间',
  decidedAt: '审核时间',
} as const;

export const approvalRowSchema = z.object({
  id: z.number().int(),
  busiType: z.number().int(),
  busiTypeText: z.string(),
  docId: z.number().int(),
  docNo: z.string(),
  storeName: z.string(),
  otherStoreName: z.string().nullable(),
  requesterName: z.string(),
  valueCents: z.number().int(),
  headOfficeOnly: z.boolean(),
  state: z.enum(APPROVAL_STATES),
  stateText: z.string(),
  decidedByName: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof approvalRowSchema>;
export const approvalPageSchema = pageOf(approvalRowSchema);
export type ApprovalPage = z.infer<typeof approvalPageSchema>;

const taskIdSchema = recordId('缺少审核任务编号');

export const auditDecideBodySchema = z
  .object({
    storeCode: storeCodeSchema,
    id: taskIdSchema,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
    reason: z
      .string({ error: '原因不正确' })
      .trim()
      .max(INVENTORY_REASON_MAX, `原因不能超过${INVENTORY_REASON_MAX}个字`)
      .default(''),
  })
  .refine((body) => body.decision === 'approve' || body.reason.length > 0, {
    message: '驳回请填写原因',
    path: ['reason'],
  });
export type AuditDecideBody = z.input<typeof auditDecideBodySchema>;

export const auditBatchApproveBodySchema = z.object({
  storeCode: storeCodeSchema,
  ids: z
    .array(taskIdSchema, { error: '请选择审核任务' })
    .min(1, '请选择审核任务')
    .max(PAGE_SIZE_MAX, `一次最多审核${PAGE_SIZE_MAX}条`),
});
export type AuditBatchApproveBody = z.input<typeof auditBatchApproveBodySchema>;

export const auditBatchResultSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string() })),
});
export type AuditBatchResult = z.infer<typeof auditBatchResultSchema>;

// ------------------------------------------------------------------------------------------------------------
// Endpoints

const P = INVENTORY_PATHS;
const post = <Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  request: Req,
  response: Res,
  summary: string,
) => endpoint({ method: 'POST', path, request, response, summary });
/** Every inventory call is a POST with a body (the store code among its fields). */
export const inventoryPost = post;

export const inventoryEndpoints = {
  stockList: post(P.stockList, stockListBodySchema, stockPageSchema, "The store's stock by SKU and batch"),
  transferList: post(
    P.transferList,
    transferListBodySchema,
    transferPageSchema,
    'Transfers in or out of the store',
  ),
  transferDetail: post(
    P.transferDetail,
    transferDetailBodySchema,
    transferDetailSchema,
    'A transfer with lines, timeline and actions',
  ),
  transferApply: post(
    P.transferApply,
    transferApplyBodySchema,
    transferDetailSchema,
    'Apply to transfer goods in from another store',
  ),
  transferDispatch: post(
    P.transferDispatch,
    transferDispatchBodySchema,
    transferDispatchResultSchema,
    'Head office dispatches an automatic transfer-in between two stores',
  ),
  transferAccept: post(
    P.transferAccept,
    transferDetailBodySchema,
    transferDetailSchema,
    'The giving store accepts (goes to the accept audit)',
  ),
  transferRefuse: post(
    P.transferRefuse,
    transferReasonBodySchema,
    transferDetailSchema,
    'The giving store refuses',
  ),
  transferConfirmBatch: post(
    P.transferConfirmBatch,
    transferConfirmBatchBodySchema,
    transferDetailSchema,
    'The giving store confirms the shipping batch (reserves; goes to the shipping audit)',
  ),
  transferShip: post(
    P.transferShip,
    transferDetailBodySchema,
    transferDetailSchema,
    'The giving store ships',
  ),
  transferReceive: post(
    P.transferReceive,
    transferReceiveBodySchema,
    transferDetailSchema,
    'The receiving store receives per line',
  ),
  transferCancel: post(
    P.transferCancel,
    transferReasonBodySchema,
    transferDetailSchema,
    'Cancel a transfer before it ships',
  ),
  auditPending: post(
    P.auditPending,
    auditPendingBodySchema,
    approvalPageSchema,
    'Approval tasks the caller may decide',
  ),
  auditMine: post(P.auditMine, auditMineBodySchema, approvalPageSchema, "The caller's own requests"),
  auditDecide: post(P.auditDecide, auditDecideBodySchema, approvalRowSchema, 'Approve or reject one task'),
  auditBatchApprove: post(
    P.auditBatchApprove,
    auditBatchApproveBodySchema,
    auditBatchResultSchema,
    'Approve several tasks',
  ),
  requestGoodsList: post(
    P.requestGoodsList,
    requestGoodsListBodySchema,
    requestGoodsPageSchema,
    "The store's requests for goods",
  ),
  requestGoodsDetail: post(
    P.requestGoodsDetail,
    requestGoodsDetailBodySchema,
    requestGoodsDetailSchema,
    'A request for goods with lines, timeline and actions',
  ),
  requestGoodsApply: post(
    P.requestGoodsApply,
    requestGoodsApplyBodySchema,
    requestGoodsDetailSchema,
    'Request goods from the warehouse (goes to the request audit)',
  ),
  requestGoodsCancel: post(
    P.requestGoodsCancel,
    requestGoodsReasonBodySchema,
    requestGoodsDetailSchema,
    'Withdraw a request still under review',
  ),
  requestGoodsReceive: post(
    P.requestGoodsReceive,
    requestGoodsReceiveBodySchema,
    requestGoodsDetailSchema,
    'The requesting store receives per line',
  ),
};
