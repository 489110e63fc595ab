import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNull,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';
import {
  skus,
  stockBalances,
  stockLoanLines,
  stockLoans,
  stockMovements,
  stores,
  users,
} from '../../db/schema.js';
import { versionedDocs } from './doc-table.js';
import { batchesWithStock } from './stock-ledger.js';

export type LoanRecord = typeof stockLoans.$inferSelect;

const borrower = alias(stores, 'borrower');
const lender = alias(stores, 'lender');

const loanColumns = {
  id: stockLoans.id,
  loanNo: stockLoans.loanNo,
  status: stockLoans.status,
  borrowerStoreId: stockLoans.borrowerStoreId,
  lenderStoreId: stockLoans.lenderStoreId,
  borrowerStoreCode: borrower.shopCode,
  borrowerStoreName: borrower.shopName,
  lenderStoreCode: lender.shopCode,
  lenderStoreName: lender.shopName,
  dueDate: stockLoans.dueDate,
  requestedByName: users.nickName,
  remark: stockLoans.remark,
  closeReason: stockLoans.closeReason,
  createdAt: stockLoans.createdAt,
  updatedAt: stockLoans.updatedAt,
  lineCount:
    sql<number>`(select count(*) from ${stockLoanLines} l where l.loan_id = ${stockLoans.id})`.mapWith(
      Number,
    ),
  totalQuantity:
    sql<number>`(select coalesce(sum(l.quantity), 0) from ${stockLoanLines} l where l.loan_id = ${stockLoans.id})`.mapWith(
      Number,
    ),
};
export type LoanView = Awaited<ReturnType<ReturnType<typeof createLoansRepository>['view']>> & {};

export type LoanFilters = {
  status: string;
  side: string;
  keyword?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  pageNum: number;
  pageSize: number;
};
/** The filters without paging (an export's). */
type ExportFilters = Omit<LoanFilters, 'pageNum' | 'pageSize'>;

/** Lent and due before `today`: overdue (已逾期), worked out on each read. */
export const overdueOn = (today: string) => and(eq(stockLoans.status, 'lent'), lt(stockLoans.dueDate, today));

/** The store is party to the loan: the borrower or the lender. */
const partyOf = (storeId: number | Placeholder) =>
  or(eq(stockLoans.borrowerStoreId, storeId), eq(stockLoans.lenderStoreId, storeId));

/** Loans (借货单): a store reads only those it borrows or lends (`storeId` in every store read). */
export function createLoansRepository(db: Database) {
  const docs = versionedDocs(db, 'loan', stockLoans, partyOf);
  const withStores = (tx: Database) =>
    tx
      .select(loanColumns)
      .from(stockLoans)
      .innerJoin(borrower, eq(borrower.id, stockLoans.borrowerStoreId))
      .innerJoin(lender, eq(lender.id, stockLoans.lenderStoreId))
      .innerJoin(users, eq(users.id, stockLoans.requestedBy));

  const counted = () =>
    db
      .select({ n: count() })
      .from(stockLoans)
      .innerJoin(borrower, eq(borrower.id, stockLoans.borrowerStoreId))
      .innerJoin(lender, eq(lender.id, stockLoans.lenderStoreId));

  function filtered(storeId: number, f: ExportFilters, today: string): SQL | undefined {
    const sides: Record<string, SQL | undefined> = {
      all: partyOf(storeId),
      in: eq(stockLoans.borrowerStoreId, storeId),
      out: eq(stockLoans.lenderStoreId, storeId),
    };
    const state =
      f.status === 'overdue'
        ? overdueOn(today)
        : f.status === 'all'
          ? undefined
          : eq(stockLoans.status, f.status);
    const search = f.keyword
      ? or(
          eq(stockLoans.loanNo, f.keyword.toUpperCase()),
          ilike(borrower.shopName, likeContains(f.keyword)),
          ilike(lender.shopName, likeContains(f.keyword)),
        )
      : undefined;
    return and(
      sides[f.side],
      state,
      search,
      ...withinShanghaiDays(stockLoans.createdAt, f.dateFrom, f.dateTo),
    );
  }

  return {
    lock: (tx: Database, id: number, storeId: number | null): Promise<LoanRecord | undefined> =>
      docs.lock(tx, id, storeId),

    update: (tx: Database, read: LoanRecord, set: Partial<typeof stockLoans.$inferInsert>) =>
      docs.update(tx, read, set),

    async create(
      tx: Database,
      loan: typeof stockLoans.$inferInsert,
      lines: readonly { skuId: number; quantity: number }[],
    ): Promise<LoanRecord> {
      const [created] = await tx.insert(stockLoans).values(loan).returning();
      await tx
        .insert(stockLoanLines)
        .values(lines.map(({ skuId, quantity }) => ({ loanId: created!.id, skuId, quantity })));
      return created!;
    },

    async storeByCode(code: string) {
      const [row] = await db
        .select({ id: stores.id, name: stores.shopName, enabled: stores.enabled })
        .from(stores)
        .where(eq(stores.shopCode, code));
      return row;
    },

    async view(tx: Database, id: number) {
      const [row] = await withStores(tx).where(eq(stockLoans.id, id));
      return row;
    },

    /** The lines with their SKU and, once lent, the lender's batches they went out in. */
    async lines(tx: Database, loan: Pick<LoanRecord, 'id' | 'lenderStoreId'>) {
      const batches = sql<string>`coalesce((
        select string_agg(m.batch_no || '×' || (-m.on_hand_delta), '、' order by m.id)
        from ${stockMovements} m
        where m.doc_type = 'loan' and m.doc_id = ${stockLoanLines.loanId} and m.reason = 'lend'
          and m.store_id = ${loan.lenderStoreId} and m.sku_id = ${stockLoanLines.skuId}), '')`;
      return tx
        .select({
          id: stockLoanLines.id,
          skuId: stockLoanLines.skuId,
          quantity: stockLoanLines.quantity,
          skuCode: skus.skuCode,
          skuName: skus.name,
          spec: skus.spec,
          batches,
        })
        .from(stockLoanLines)
        .innerJoin(skus, eq(skus.id, stockLoanLines.skuId))
        .where(eq(stockLoanLines.loanId, loan.id))
        .orderBy(asc(stockLoanLines.id));
    },

    /** The lender's batches of a SKU with stock available, earliest expiry first (what a loan takes). */
    availableBatches: (tx: Database, storeId: number, skuId: number) =>
      batchesWithStock(tx, storeId, skuId).orderBy(asc(stockBalances.expiryDate), asc(stockBalances.batchNo)),

    /** What went from the lender to the borrower: the borrower's `lend` movements of the loan. */
    async lentBatches(tx: Database, loan: Pick<LoanRecord, 'id' | 'borrowerStoreId'>) {
      return tx
        .select({
          skuId: stockMovements.skuId,
          batchNo: stockMovements.batchNo,
          quantity: stockMovements.onHandDelta,
        })
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.docType, 'loan'),
            eq(stockMovements.docId, loan.id),
            eq(stockMovements.reason, 'lend'),
            eq(stockMovements.storeId, loan.borrowerStoreId),
          ),
        )
        .orderBy(asc(stockMovements.id));
    },

    async page(storeId: number, f: LoanFilters, today: string) {
      const where = filtered(storeId, f, today);
      return numberedPageOf(
        f,
        withStores(db).where(where).orderBy(desc(stockLoans.id)).$dynamic(),
        counted().where(where),
      );
    },

    /** The list's rows for an export: newest first, `limit` of them with an id below `before`. */
    batch: (storeId: number, f: ExportFilters, today: string, before: number | null, limit: number) =>
      withStores(db)
        .where(and(filtered(storeId, f, today), before === null ? undefined : lt(stockLoans.id, before)))
        .orderBy(desc(stockLoans.id))
        .limit(limit),

    async countUpTo(storeId: number, f: ExportFilters, today: string, limit: number): Promise<number> {
      const capped = db
        .select({ id: stockLoans.id })
        .from(stockLoans)
        .innerJoin(borrower, eq(borrower.id, stockLoans.borrowerStoreId))
        .innerJoin(lender, eq(lender.id, stockLoans.lenderStoreId))
        .where(filtered(storeId, f, today))
        .limit(limit);
      const [row] = await db.select({ n: count() }).from(capped.as('capped'));
      return Number(row?.n ?? 0);
    },

    /**
     * Claims the lent loans due on `day` not yet reminded: one conditional update sets `reminded_at`, so a
     * second run (or another instance) finds none of them again.
     */
    async claimDue(tx: Database, day: string, at: Date) {
      return tx
        .update(stockLoans)
        .set({ remindedAt: at })
        .where(and(eq(stockLoans.status, 'lent'), eq(stockLoans.dueDate, day), isNull(stockLoans.remindedAt)))
        .returning();
    },
  };
}
