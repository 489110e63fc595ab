import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { skus, stores, users } from '../schema.js';

/** Inventory (docs/domain/inventory.md): the stock ledger, transfers between stores, approval tasks. */

const at = (name: string) => timestamp(name, { withTimezone: true });
const storeRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => stores.id);
const skuRef = () =>
  integer('sku_id')
    .notNull()
    .references(() => skus.id);

/**
 * What a line that ships carries, on transfers and requests alike: the batch shipped (empty until then) and the
 * quantities shipped, received, damaged and short, with the check that a receipt never exceeds the shipment.
 */
const shippedLineColumns = () => ({
  batchNo: varchar('batch_no', { length: 32 }).notNull().default(''),
  shipQuantity: integer('ship_quantity').notNull().default(0),
  receivedQuantity: integer('received_quantity').notNull().default(0),
  damagedQuantity: integer('damaged_quantity').notNull().default(0),
  shortQuantity: integer('short_quantity').notNull().default(0),
});
type ShippedLine = { [K in keyof ReturnType<typeof shippedLineColumns>]: AnyPgColumn };
const receiptCheck = (name: string, t: ShippedLine) =>
  check(name, sql`${t.receivedQuantity} + ${t.damagedQuantity} + ${t.shortQuantity} <= ${t.shipQuantity}`);

/**
 * On-hand, reserved and in-transit quantity of one store, SKU and batch. Never written but by the ledger's
 * `move()`, always with a `stock_movements` row; the checks keep every quantity from going negative.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    id: serial('id').primaryKey(),
    storeId: storeRef('store_id'),
    skuId: skuRef(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    productionDate: date('production_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    inTransit: integer('in_transit').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_balances_key').on(t.storeId, t.skuId, t.batchNo),
    index('stock_balances_sku_idx').on(t.skuId, t.storeId),
    check('stock_balances_on_hand_check', sql`${t.onHand} >= 0`),
    check('stock_balances_reserved_check', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check('stock_balances_in_transit_check', sql`${t.inTransit} >= 0`),
  ],
);

/** Every change of a balance, with its document. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => stockBalances.id),
    storeId: storeRef('store_id'),
    skuId: skuRef(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    inTransitDelta: integer('in_transit_delta').notNull().default(0),
    reason: varchar('reason', { length: 24 }).notNull(),
    docType: varchar('doc_type', { length: 16 }).notNull(),
    docId: integer('doc_id').notNull(),
    docNo: varchar('doc_no', { length: 32 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_balance_idx').on(t.balanceId, t.id),
    index('stock_movements_doc_idx').on(t.docType, t.docId),
  ],
);

/** A transfer from the giving store (调出) to the receiving store (调入). */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    transferNo: varchar('transfer_no', { length: 32 }).notNull(),
    /** apply: the receiving store asked; dispatch: head office's automatic transfer-in. */
    origin: varchar('origin', { length: 12 }).notNull(),
    toStoreId: storeRef('to_store_id'),
    fromStoreId: storeRef('from_store_id'),
    status: varchar('status', { length: 24 }).notNull(),
    /** Bumped by every change: the conditional updates check it. */
    version: integer('version').notNull().default(0),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    acceptedBy: integer('accepted_by').references(() => users.id),
    batchConfirmedBy: integer('batch_confirmed_by').references(() => users.id),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    /** Any line short or damaged on receipt (有差异). */
    hasDiscrepancy: boolean('has_discrepancy').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_transfers_no_key').on(t.transferNo),
    index('stock_transfers_to_idx').on(t.toStoreId, t.id),
    index('stock_transfers_from_idx').on(t.fromStoreId, t.id),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    skuId: skuRef(),
    quantity: integer('quantity').notNull(),
    // batchNo: the shipping batch the giving store confirmed.
    ...shippedLineColumns(),
  },
  (t) => [
    index('stock_transfer_lines_transfer_idx').on(t.transferId, t.id),
    check('stock_transfer_lines_quantity_check', sql`${t.quantity} > 0`),
    receiptCheck('stock_transfer_lines_receipt_check', t),
  ],
);

/** The timeline of any inventory document. */
export const stockDocEvents = pgTable(
  'stock_doc_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    docType: varchar('doc_type', { length: 16 }).notNull(),
    docId: integer('doc_id').notNull(),
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 24 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 24 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
    note: varchar('note', { length: 300 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('stock_doc_events_doc_idx').on(t.docType, t.docId, t.id)],
);

/** One audit of a document (spec 4.9 busiType 1–4); at most one pending per document and type. */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    id: serial('id').primaryKey(),
    busiType: smallint('busi_type').notNull(),
    docId: integer('doc_id').notNull(),
    docNo: varchar('doc_no', { length: 32 }).notNull(),
    /** The stores party to the document (the approver's data scope must cover each). */
    storeId: storeRef('store_id'),
    otherStoreId: integer('other_store_id').references(() => stores.id),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    valueCents: integer('value_cents').notNull().default(0),
    /** Above the head-office threshold: only a scope of all stores decides. */
    headOfficeOnly: boolean('head_office_only').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('approval_tasks_pending_key')
      .on(t.busiType, t.docId)
      .where(sql`${t.status} = 'pending'`),
    index('approval_tasks_status_idx').on(t.status, t.id),
    index('approval_tasks_requester_idx').on(t.requesterId, t.id),
  ],
);

/**
 * The stores whose stock is the chain's warehouse (中心仓): request goods ships from the first of them. A
 * warehouse is a stock location like a store (the ledger keys every balance by store), registered here rather
 * than by a column of `stores`, so the store pages stay as they are.
 */
export const stockWarehouses = pgTable('stock_warehouses', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A store's request for goods from the warehouse (要货单, busiType 1). */
export const stockRequests = pgTable(
  'stock_requests',
  {
    id: serial('id').primaryKey(),
    requestNo: varchar('request_no', { length: 32 }).notNull(),
    storeId: storeRef('store_id'),
    warehouseStoreId: storeRef('warehouse_store_id'),
    status: varchar('status', { length: 24 }).notNull(),
    version: integer('version').notNull().default(0),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    /** Σ quantity × the SKU's price when submitted: decides whether head office must approve. */
    valueCents: integer('value_cents').notNull().default(0),
    /** Some approved line could not be filled in full by the warehouse (message 9 was sent). */
    hasShortage: boolean('has_shortage').notNull().default(false),
    /** Any line short or damaged on receipt. */
    hasDiscrepancy: boolean('has_discrepancy').notNull().default(false),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_requests_no_key').on(t.requestNo),
    index('stock_requests_store_idx').on(t.storeId, t.id),
  ],
);

export const stockRequestLines = pgTable(
  'stock_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => stockRequests.id, { onDelete: 'cascade' }),
    skuId: skuRef(),
    quantity: integer('quantity').notNull(),
    // batchNo: the warehouse batch shipped once approved.
    ...shippedLineColumns(),
  },
  (t) => [
    index('stock_request_lines_request_idx').on(t.requestId, t.id),
    check('stock_request_lines_quantity_check', sql`${t.quantity} > 0`),
    check('stock_request_lines_ship_check', sql`${t.shipQuantity} <= ${t.quantity}`),
    receiptCheck('stock_request_lines_receipt_check', t),
  ],
);

/**
 * A loan of goods between stores (借货单, busiType 2): the borrowing store takes SKUs from the lending store
 * until the due date and gives them back. The batches lent are the ledger's movements of the document.
 */
export const stockLoans = pgTable(
  'stock_loans',
  {
    id: serial('id').primaryKey(),
    loanNo: varchar('loan_no', { length: 32 }).notNull(),
    borrowerStoreId: storeRef('borrower_store_id'),
    lenderStoreId: storeRef('lender_store_id'),
    status: varchar('status', { length: 24 }).notNull(),
    version: integer('version').notNull().default(0),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    /** The day (Asia/Shanghai) the goods are due back; past it a lent loan is overdue (已逾期). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** Rejection or cancellation reason. */
    closeReason: varchar('close_reason', { length: 200 }).notNull().default(''),
    /** Set once by the day-before reminder job, in the statement that claims it. */
    remindedAt: at('reminded_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_loans_no_key').on(t.loanNo),
    index('stock_loans_borrower_idx').on(t.borrowerStoreId, t.id),
    index('stock_loans_lender_idx').on(t.lenderStoreId, t.id),
    index('stock_loans_due_idx').on(t.status, t.dueDate),
  ],
);

export const stockLoanLines = pgTable(
  'stock_loan_lines',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => stockLoans.id, { onDelete: 'cascade' }),
    skuId: skuRef(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('stock_loan_lines_loan_idx').on(t.loanId, t.id),
    check('stock_loan_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
