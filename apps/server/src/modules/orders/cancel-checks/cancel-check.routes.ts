import { cancelCheckEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { clientOf } from '../../../http/client.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import { createAuditLog } from '../../audit/audit-log.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createCancelCheckService, type CheckActor } from './cancel-check.service.js';

const tags = ['orders'];

function actorOf({
  caller,
  store,
  request,
}: Pick<RouteContext<typeof api.detail>, 'caller' | 'store' | 'request'>): CheckActor {
  const { user, roles } = caller();
  return {
    storeId: store().id,
    userId: user.id,
    nickName: user.nickName,
    canDecide: roles.includes('cancelCheck:setState'),
    client: clientOf(request),
  };
}

/**
 * Cancel-check help (spec 7.6, docs/domain/orders.md "Cancel-check help"): every call is scoped to the caller's
 * store; asking needs `cancelCheck:add`, deciding `cancelCheck:setState` (head office).
 */
export function cancelCheckRoutes(
  app: AppInstance,
  { db, clock }: AppDeps,
  wiring: { producer: MessageProducer },
): void {
  const service = createCancelCheckService({
    db,
    clock,
    producer: wiring.producer,
    audit: createAuditLog(db, clock),
  });

  route(
    app,
    api.queryShopAuth,
    access.store(ANY_STAFF),
    ({ caller }) => {
      const { roles } = caller();
      return { canAdd: roles.includes('cancelCheck:add'), canDecide: roles.includes('cancelCheck:setState') };
    },
    { tags },
  );
  route(app, api.pageQuery, access.store(ANY_STAFF), ({ input, store }) => service.page(store().id, input), {
    tags,
  });
  route(app, api.add, access.store('cancelCheck:add'), (ctx) => service.add(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.detail, access.store(ANY_STAFF), (ctx) => service.detail(actorOf(ctx), ctx.input.id), {
    tags,
  });
  route(
    app,
    api.setState,
    access.store('cancelCheck:setState'),
    (ctx) => service.setState(actorOf(ctx), ctx.input),
    { tags },
  );
}
