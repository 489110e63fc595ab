import type { AppDeps, AppInstance } from '../../app-types.js';
import { createAuditLog } from '../audit/audit-log.js';
import type { MessageProducer } from '../im/message-producer.js';
import { loadDataScope } from '../roles/data-scope.js';
import { createApprovalsService } from './approvals.service.js';
import { inventoryRoutes } from './inventory.routes.js';
import { createStockLedger } from './stock-ledger.js';
import { createRequestGoodsService } from './request-goods.service.js';
import { requestGoodsImportRoutes } from './request-goods-import.routes.js';
import { createStockRepository } from './stock.repository.js';
import { createTransfersService } from './transfers.service.js';

/** Inventory (docs/domain/inventory.md): the stock ledger, transfers and the approval tasks. */
export function inventoryModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer },
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
  inventoryRoutes(app, { stock: createStockRepository(db), transfers, approvals, requestGoods });
  requestGoodsImportRoutes(app, db);
}
