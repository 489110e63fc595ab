import { MEMBER_LOOKUPS_PER_MINUTE, memberEndpoints as api } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { tooManyRequests } from '../../http/errors.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../http/route.js';
import { callerOf } from '../../plugins/request-context.js';
import type { AuditLog } from '../audit/audit-log.js';
import { LOOKUP_TEXT } from '../orders/lookups/lookup-texts.js';
import type { MemberActor, MembersService } from './members.service.js';

const tags = ['members'];
const staff = access.store(ANY_STAFF);

function actorOf({
  caller,
  store,
  request,
}: Pick<RouteContext<typeof api.profile>, 'caller' | 'store' | 'request'>): MemberActor {
  const { user, roles, sessionId } = caller();
  const { id, shopCode } = store();
  return {
    storeId: id,
    storeCode: shopCode,
    sessionId,
    userId: user.id,
    client: clientOf(request),
    can: {
      tag: roles.includes('member:tag'),
      assign: roles.includes('member:assign'),
      follow: roles.includes('member:follow'),
    },
  };
}

/**
 * 会员查询 and 会员跟进 (docs/domain/members.md). Every call names a store the caller is authorised for; the
 * look-up shares the per-user budget of the valet member look-ups (a refused one is audited too).
 */
export function memberRoutes(app: AppInstance, service: MembersService, audit: AuditLog): void {
  const budget = app.createRateLimit({
    max: MEMBER_LOOKUPS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `member-lookups:${callerOf(request).user.id}`,
  });
  const limitLookups = async (request: FastifyRequest) => {
    const used = await budget(request);
    if (!used.isAllowed && used.isExceeded) {
      await audit.record({
        action: 'member.lookup_refused',
        userId: callerOf(request).user.id,
        target: request.routeOptions.url ?? request.url,
        client: clientOf(request),
      });
      throw tooManyRequests(used.ttlInSeconds, LOOKUP_TEXT.memberLookupsTooFast);
    }
  };

  route(app, api.inquiry, staff, (ctx) => service.inquiry(actorOf(ctx), ctx.input.keywords), {
    tags,
    preHandler: [limitLookups],
  });
  route(app, api.profile, staff, (ctx) => service.profile(actorOf(ctx), ctx.input.memberId), { tags });
  route(app, api.tagOptions, staff, ({ store }) => service.tagOptions(store().id), { tags });
  route(app, api.setTags, access.store('member:tag'), (ctx) => service.setTags(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.guideOptions, staff, ({ store }) => service.guideOptions(store().id), { tags });
  route(
    app,
    api.assignGuide,
    access.store('member:assign'),
    (ctx) => service.assignGuide(actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.followUp,
    access.store('member:follow'),
    (ctx) => service.followUp(actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.activateEquity,
    access.store('member:follow'),
    (ctx) => service.activateEquity(actorOf(ctx), ctx.input),
    { tags },
  );
  route(app, api.activityQr, staff, (ctx) => service.activityQr(actorOf(ctx), ctx.input.memberId), { tags });
  route(app, api.storeList, staff, (ctx) => service.storeList(actorOf(ctx), ctx.input), { tags });
  route(app, api.storeCounts, staff, (ctx) => service.storeCounts(actorOf(ctx)), { tags });
}
