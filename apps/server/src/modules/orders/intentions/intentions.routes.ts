import { intentionEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import { createIntentionService, type IntentionActor } from './intentions.service.js';

const tags = ['orders'];

function actorOf({
  caller,
  store,
}: Pick<RouteContext<typeof api.detail>, 'caller' | 'store'>): IntentionActor {
  const { user, roles } = caller();
  return {
    storeId: store().id,
    userId: user.id,
    nickName: user.nickName,
    canFollow: roles.includes('customerIntention:follow'),
  };
}

/**
 * Customer intentions (客户意向) of the caller's store, docs/domain/orders.md "Customer intentions". The
 * platform pushes them (`/api/integration/intentions`); the store lists, reads and follows them up here.
 */
export function intentionRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createIntentionService({ db, clock });

  route(app, api.list, access.store(ANY_STAFF), ({ input, store }) => service.list(store().id, input), {
    tags,
  });
  route(
    app,
    api.detail,
    access.store(ANY_STAFF),
    (ctx) => service.detail(actorOf(ctx), ctx.input.omsConsultantsNo),
    { tags },
  );
  route(
    app,
    api.follow,
    access.store('customerIntention:follow'),
    (ctx) => service.follow(actorOf(ctx), ctx.input),
    { tags },
  );
}
