import { integralClassEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createPointsMallService } from './points-mall.service.js';

const tags = ['points-mall'];
const HEAD_OFFICE_READ = access.headOffice(ANY_STAFF);
const STORE_READ = access.store(ANY_STAFF);

/**
 * Points-mall classes and shelves (spec 7.6 "Integral classes (cms)", docs/domain/points-mall.md): head office
 * reads every class and shelf and changes classes with its buttons (audited); a store reads the classes and
 * shelves the SKUs of those it manages (`integralClass:shelves`).
 */
export function pointsMallModule(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createPointsMallService({ db, clock, audit: createAuditLog(db, clock) });

  route(app, api.getSkuPageInfo, HEAD_OFFICE_READ, ({ input }) => service.classSkuPage(input), { tags });
  route(app, api.getNoShopSkuList, HEAD_OFFICE_READ, ({ input }) => service.noShopSkus(input.keyword), {
    tags,
  });
  route(app, api.selectClassSkuById, HEAD_OFFICE_READ, ({ params }) => service.classDetail(params.id), {
    tags,
  });
  route(app, api.skuStorePageInfo, HEAD_OFFICE_READ, ({ input }) => service.shelvesPage(input), { tags });
  route(
    app,
    api.saveClassSku,
    access.headOffice('integralClass:edit'),
    (ctx) => service.saveClass(adminActorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.updateSort,
    access.headOffice('integralClass:sort'),
    (ctx) => service.updateSort(adminActorOf(ctx), ctx.input.ids),
    { tags },
  );
  route(
    app,
    api.setManageAuth,
    access.headOffice('integralClass:setManageAuth'),
    (ctx) => service.setManageAuth(adminActorOf(ctx), ctx.input.classId, ctx.input.storeCodes),
    { tags },
  );

  route(app, api.getList, STORE_READ, ({ store }) => service.classList(store().id), { tags });
  route(
    app,
    api.storeSkuPageInfo,
    STORE_READ,
    ({ input, store }) => service.storeClassSkuPage(store().id, input),
    { tags },
  );
  route(app, api.skuPageInfo, STORE_READ, ({ input, store }) => service.storeSkuPage(store().id, input), {
    tags,
  });
  route(
    app,
    api.shelvesState,
    access.store('integralClass:shelves'),
    (ctx) => service.shelve(adminActorOf(ctx), ctx.store(), ctx.input),
    { tags },
  );
  route(
    app,
    api.nearShops,
    STORE_READ,
    ({ input, store }) => service.nearShops(input.skuId, store().id, input),
    { tags },
  );
}
