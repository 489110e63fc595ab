import { dictEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createDictsService } from './dicts.service.js';

const tags = ['dicts'];

/**
 * Dictionaries: every signed-in page reads options; head office reads the administration lists; the buttons
 * of 数据字典 (`dict:add`, `dict:edit`, `dict:del`) guard the changes.
 */
export function dictRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createDictsService(db, clock);

  route(app, api.options, access.signedIn(), ({ input }) => service.options(input.code), { tags });
  route(app, api.types, access.headOffice(ANY_STAFF), ({ input }) => service.types(input), { tags });
  route(app, api.items, access.headOffice(ANY_STAFF), ({ input }) => service.items(input.typeId), { tags });

  route(
    app,
    api.createType,
    access.headOffice('dict:add'),
    (ctx) => service.createType(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.updateType,
    access.headOffice('dict:edit'),
    (ctx) => service.updateType(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.deleteType,
    access.headOffice('dict:del'),
    (ctx) => service.deleteType(actor(ctx), ctx.input.id),
    {
      tags,
    },
  );
  route(
    app,
    api.createItem,
    access.headOffice('dict:add'),
    (ctx) => service.createItem(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.updateItem,
    access.headOffice('dict:edit'),
    (ctx) => service.updateItem(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.setItemEnabled,
    access.headOffice('dict:edit'),
    (ctx) => service.setItemEnabled(actor(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.deleteItem,
    access.headOffice('dict:del'),
    (ctx) => service.deleteItem(actor(ctx), ctx.input.id),
    {
      tags,
    },
  );
}
