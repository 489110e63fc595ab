import { issueSchemeEndpoints as api } from '@console/contract';
import { clientOf } from '../../http/client.js';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createMemberAccess } from '../orders/lookups/member-access.js';
import { createSchemesService } from './schemes.service.js';

const tags = ['coupons'];
const READ = access.headOffice(ANY_STAFF);

/**
 * Issue schemes (spec 7.6 "Issue schemes", docs/domain/coupons.md): head office reads every scheme and changes
 * them with its buttons (audited); a store lists the visible schemes that issue at it and issues at the counter.
 */
export function schemeRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createSchemesService({
    db,
    clock,
    audit: createAuditLog(db, clock),
    memberAccess: createMemberAccess(db, clock),
  });

  route(app, api.platformPageList, READ, ({ input }) => service.platformPage(input), { tags });
  route(app, api.detail, READ, ({ input }) => service.detail(input.id), { tags });
  route(app, api.get, READ, ({ input }) => service.detail(input.id), { tags });
  route(app, api.getChannelAndCouponById, READ, ({ input }) => service.channelsAndCoupons(input.id), {
    tags,
  });
  route(
    app,
    api.add,
    access.headOffice('issueScheme:add'),
    (ctx) => service.add(adminActorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.update,
    access.headOffice('issueScheme:edit'),
    (ctx) => service.update(adminActorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.showOrHide,
    access.headOffice('issueScheme:showOrHide'),
    (ctx) => service.showOrHide(adminActorOf(ctx), ctx.input.id, ctx.input.visible),
    { tags },
  );
  route(
    app,
    api.delete,
    access.headOffice('issueScheme:delete'),
    (ctx) => service.remove(adminActorOf(ctx), ctx.input.id),
    { tags },
  );
  route(
    app,
    api.storePageList,
    access.store(ANY_STAFF),
    ({ input, store }) => service.storePage(store().id, input),
    {
      tags,
    },
  );
  route(
    app,
    api.issue,
    access.store('issueScheme:issue'),
    ({ input, store, caller, request }) => {
      const { user, sessionId } = caller();
      const { id, shopCode } = { id: store().id, shopCode: input.storeCode };
      const actor = { store: { id, shopCode }, user: { id: user.id }, sessionId, client: clientOf(request) };
      return service.issue(actor, input);
    },
    { tags },
  );
}
