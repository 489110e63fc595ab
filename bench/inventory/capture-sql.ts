// Runs each benchmark case once through the inventory services against a drizzle instance that records every
// query with its rows, and prints them as JSON: the bare handler runs exactly this SQL (a ship through
// bench/support/replay.mjs, for the transfer each request names).
// Usage: tsx bench/inventory/capture-sql.ts <databaseUrl> <cases.json>
import { stockListBodySchema, transferListBodySchema } from '@console/contract';
import { createAuditLog } from '../../apps/server/src/modules/audit/audit-log.js';
import type { WakeBus } from '../../apps/server/src/platform/wake-bus.js';
import { createMessageProducer } from '../../apps/server/src/modules/im/message-producer.js';
import { createApprovalsService } from '../../apps/server/src/modules/inventory/approvals.service.js';
import type { InventoryActor } from '../../apps/server/src/modules/inventory/inventory-tx.js';
import { createStockLedger } from '../../apps/server/src/modules/inventory/stock-ledger.js';
import { createStockRepository } from '../../apps/server/src/modules/inventory/stock.repository.js';
import { createTransfersService } from '../../apps/server/src/modules/inventory/transfers.service.js';
import { loadDataScope } from '../../apps/server/src/modules/roles/data-scope.js';
import { captureCases } from '../support/recording-db.js';

type BenchCase = {
  name: string;
  kind: 'stock' | 'transfers' | 'ship';
  actor: InventoryActor;
  body: Record<string, unknown>;
};

/** No poll waits on this process: nothing to wake. */
const quietBus: WakeBus = { publish: () => {}, subscribe: () => () => {}, close: async () => {} };

await captureCases<BenchCase>(
  (db) => {
    const clock = () => new Date();
    const producer = createMessageProducer({ db, clock, wakeBus: quietBus });
    const audit = createAuditLog(db, clock);
    const approvals = createApprovalsService({
      db,
      clock,
      producer,
      audit,
      scopeOf: (userId) => loadDataScope(db, userId),
    });
    const transfers = createTransfersService({
      db,
      clock,
      producer,
      audit,
      ledger: createStockLedger(),
      approvals,
    });
    const stock = createStockRepository(db);
    return async (c) => {
      if (c.kind === 'stock')
        await stock.page(c.actor.storeId, stockListBodySchema.parse(c.body), new Date());
      else if (c.kind === 'transfers')
        await transfers.list(c.actor.storeId, transferListBodySchema.parse(c.body));
      else await transfers.ship(c.actor, Number(c.body.id));
    };
  },
  { withRows: true },
);
