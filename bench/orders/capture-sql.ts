// Runs the received-orders list and detail of the fulfilment service once per benchmark case against a drizzle
// instance that records every query, and prints them as JSON: the bare handler runs exactly this SQL.
// Usage: tsx bench/orders/capture-sql.ts <databaseUrl> <cases.json>
import { receivedListBodySchema, orderDetailQuerySchema } from '@console/contract';
import { createFulfilmentRepository } from '../../apps/server/src/modules/orders/fulfilment/fulfilment.repository.js';
import { createFulfilmentService } from '../../apps/server/src/modules/orders/fulfilment/fulfilment.service.js';
import { areaCatalogue } from '../../apps/server/src/modules/stores/area-tree.js';
import { captureCases } from '../support/recording-db.js';

type BenchCase = { name: string; kind: 'list' | 'detail'; storeId: number; body: Record<string, unknown> };

await captureCases<BenchCase>((db) => {
  const orders = createFulfilmentRepository(db);
  const service = createFulfilmentService({ db, clock: () => new Date(), orders, areas: areaCatalogue });
  return async (c) => {
    const actor = { storeId: c.storeId, userId: 0, nickName: '', roles: [] };
    if (c.kind === 'list') await service.list(actor, receivedListBodySchema.parse(c.body));
    else await service.detail(actor, orderDetailQuerySchema.parse(c.body));
  };
});
