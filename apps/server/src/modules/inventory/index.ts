import type { AppDeps, AppInstance } from '../../app-types.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { MessageProducer } from '../im/message-producer.js';
import { loadDataScope } from '../roles/data-scope.js';
import { createApprovalsService } from './approvals.service.js';
import { createDemoInventoryTraffic, INVENTORY_TRAFFIC_EVERY_INTERVALS } from './demo-inventory-traffic.js';
import { inventoryRoutes } from './inventory.routes.js';
import { loanRoutes } from './loans.routes.js';
import { createLoansService } from './loans.service.js';
import { createStockLedger } from './stock-ledger.js';
import { createRequestGoodsService } from './request-goods.service.js';
import { requestGoodsImportRoutes } from './request-goods-import.routes.js';
import { createStockRepository } from './stock.repository.js';
import { createTransfersService } from './transfers.service.js';

export const LOAN_REMINDER_CRON = '0 0 1-13 * * *';

/** Inventory (docs/domain/inventory.md): the stock ledger, transfers and the approval tasks. */
export function inventoryModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; jobs: JobRunner },
): void {
  const { db, clock } = deps;
  const audit = createAuditLog(db, clock);
  const approvals = createApprovalsService({
    db,
    clock,
    producer: wiring.producer,
    audit,
    // The caller's scope, cached with the sign-in and dropped when roles change (ADR 0003).
    scopeOf: (userId) => app.authCache.dataScope(userId, () => loadDataScope(db, userId)),
  });
  const documents = { db, clock, producer: wiring.producer, audit, ledger: createStockLedger(), approvals };
  const transfers = createTransfersService(documents);
  const requestGoods = createRequestGoodsService(documents);
  inventoryRoutes(app, { stock: createStockRepository(db), transfers, approvals, requestGoods, clock });
  requestGoodsImportRoutes(app, db);
  const loans = createLoansService(documents);
  loanRoutes(app, loans);
  wiring.jobs.register({
    name: 'inventory.loan-due-reminder',
    description: '借货管理：到期前一天提醒借入门店归还',
    scope: 'cluster',
    // Hourly from 09:00 to 21:00 Asia/Shanghai (01:00–13:00 UTC): a loan lent after the first run of its day
    // is still reminded that day; `reminded_at` keeps it to once.
    schedule: { cron: LOAN_REMINDER_CRON },
    run: async () => void (await loans.remindDue()),
  });

  // Demo mode with demo data only (never in production: config refuses DEMO_MODE there).
  const { demoMode, seedDemo, demoTrafficIntervalSeconds } = deps.config;
  if (demoMode && seedDemo && demoTrafficIntervalSeconds > 0) {
    const traffic = createDemoInventoryTraffic({ db, transfers, requestGoods, approvals });
    wiring.jobs.register({
      name: 'inventory.demo-traffic',
      description: '演示：推进调拨、要货与审核单据',
      scope: 'cluster',
      schedule: { everyMs: demoTrafficIntervalSeconds * INVENTORY_TRAFFIC_EVERY_INTERVALS * 1000 },
      run: async () => void (await traffic.tick()),
    });
  }
}
