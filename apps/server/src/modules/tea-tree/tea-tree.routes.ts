import { TEA_TREE_ADD_PERMISSION, teaTreeEndpoints as api } from '@console/contract';
import { clientOf } from '../../http/client.js';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../http/route.js';
import { createMemberAccess } from '../orders/lookups/member-access.js';
import { createTeaTreeService, type TeaTreeActor, type TeaTreeService } from './tea-tree.service.js';

const tags = ['tea-tree'];

function actorOf({
  caller,
  store,
  request,
}: Pick<RouteContext<typeof api.detail>, 'caller' | 'store' | 'request'>): TeaTreeActor {
  const { user, sessionId } = caller();
  const { id, shopCode, shopName } = store();
  return {
    store: { id, shopCode, shopName },
    user: { id: user.id, nickName: user.nickName },
    sessionId,
    client: clientOf(request),
  };
}

/** 茶树认养 (spec 7.6 "Tea-tree adoption", docs/domain/tea-tree.md): every call scoped to the caller's store. */
export function teaTreeRoutes(app: AppInstance, deps: AppDeps): TeaTreeService {
  const { db, clock, sms } = deps;
  const service = createTeaTreeService({ db, clock, sms, memberAccess: createMemberAccess(db, clock) });

  route(app, api.currentActivity, access.store(ANY_STAFF), () => service.currentActivity(), { tags });
  route(app, api.calculate, access.store(ANY_STAFF), (ctx) => service.calculate(actorOf(ctx), ctx.input), {
    tags,
  });
  route(
    app,
    api.sendConfirmCode,
    access.store(TEA_TREE_ADD_PERMISSION),
    (ctx) => service.sendConfirmCode(actorOf(ctx), ctx.input),
    { tags },
  );
  route(app, api.add, access.store(TEA_TREE_ADD_PERMISSION), (ctx) => service.add(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.pageList, access.store(ANY_STAFF), (ctx) => service.pageList(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.detail, access.store(ANY_STAFF), (ctx) => service.detail(actorOf(ctx), ctx.input.id), {
    tags,
  });
  return service;
}
