import { inventoryEndpoints as api } from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import type { Clock } from '../../platform/clock.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import type { ApprovalsService } from './approvals.service.js';
import { actorOf } from './inventory-tx.js';
import { REQUEST_GOODS_PERMISSION as RG, type RequestGoodsService } from './request-goods.service.js';
import type { createStockRepository } from './stock.repository.js';
import { TRANSFER_PERMISSIONS as P, type TransfersService } from './transfers.service.js';

const tags = ['inventory'];

/**
 * Inventory calls (docs/domain/inventory.md): every one is scoped to the caller's store; a transfer's actions
 * also check the store's side and the action's button in the service (a transfer's detail answers which).
 */
export function inventoryRoutes(
  app: AppInstance,
  services: {
    stock: ReturnType<typeof createStockRepository>;
    transfers: TransfersService;
    approvals: ApprovalsService;
    requestGoods: RequestGoodsService;
    clock: Clock;
  },
): void {
  const { stock, transfers, approvals, requestGoods, clock } = services;
  // 库存查询: the chosen store's own balances only; near expiry as of now.
  route(
    app,
    api.stockList,
    access.store(ANY_STAFF),
    ({ input, store }) => stock.page(store().id, input, clock()),
    { tags },
  );

  route(
    app,
    api.transferList,
    access.store(ANY_STAFF),
    ({ input, store }) => transfers.list(store().id, input),
    {
      tags,
    },
  );
  route(
    app,
    api.transferDetail,
    access.store(ANY_STAFF),
    (ctx) => transfers.detail(actorOf(ctx), ctx.input.id),
    {
      tags,
    },
  );
  route(app, api.transferApply, access.store(P.apply), (ctx) => transfers.apply(actorOf(ctx), ctx.input), {
    tags,
  });
  // Head office: the caller's scope must cover both stores (checked by the service).
  route(
    app,
    api.transferDispatch,
    access.store(P.dispatch),
    (ctx) => transfers.dispatch(actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.transferAccept,
    access.store(P.accept),
    (ctx) => transfers.accept(actorOf(ctx), ctx.input.id),
    {
      tags,
    },
  );
  route(
    app,
    api.transferRefuse,
    access.store(P.accept),
    (ctx) => transfers.refuse(actorOf(ctx), ctx.input.id, ctx.input.reason),
    { tags },
  );
  route(
    app,
    api.transferConfirmBatch,
    access.store(P.ship),
    (ctx) => transfers.confirmBatch(actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(app, api.transferShip, access.store(P.ship), (ctx) => transfers.ship(actorOf(ctx), ctx.input.id), {
    tags,
  });
  route(
    app,
    api.transferReceive,
    access.store(P.receive),
    (ctx) => transfers.receive(actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  // Either side cancels (transferIn:cancel or transferOut:accept): the service checks which the side needs.
  route(
    app,
    api.transferCancel,
    access.store(ANY_STAFF),
    (ctx) => transfers.cancel(actorOf(ctx), ctx.input.id, ctx.input.reason),
    { tags },
  );

  route(app, api.auditPending, access.store(ANY_STAFF), (ctx) => approvals.pending(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.auditMine, access.store(ANY_STAFF), (ctx) => approvals.mine(actorOf(ctx), ctx.input), {
    tags,
  });
  // Approve or reject: the service checks audit:approve or audit:reject by the decision.
  route(app, api.auditDecide, access.store(ANY_STAFF), (ctx) => approvals.decide(actorOf(ctx), ctx.input), {
    tags,
  });
  route(
    app,
    api.auditBatchApprove,
    access.store('audit:approve'),
    (ctx) => approvals.batchApprove(actorOf(ctx), ctx.input.ids),
    { tags },
  );

  // 要货管理: a store sees and moves only its own requests (the service finds them by the caller's store).
  route(
    app,
    api.requestGoodsList,
    access.store(ANY_STAFF),
    (ctx) => requestGoods.list(ctx.store().id, ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.requestGoodsDetail,
    access.store(ANY_STAFF),
    (ctx) => requestGoods.detail(actorOf(ctx), ctx.input.id),
    {
      tags,
    },
  );
  route(app, api.requestGoodsApply, access.store(RG), (ctx) => requestGoods.apply(actorOf(ctx), ctx.input), {
    tags,
  });
  route(
    app,
    api.requestGoodsCancel,
    access.store(RG),
    (ctx) => requestGoods.cancel(actorOf(ctx), ctx.input.id, ctx.input.reason),
    { tags },
  );
  route(
    app,
    api.requestGoodsReceive,
    access.store(RG),
    (ctx) => requestGoods.receive(actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
}
