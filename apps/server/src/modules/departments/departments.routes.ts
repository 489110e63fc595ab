import { deptEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createDepartmentsService } from './departments.service.js';

const tags = ['departments'];

/** Departments: head office reads the tree; the buttons of 部门管理 (`dept:add`, `dept:edit`, `dept:del`) change it. */
export function departmentRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createDepartmentsService(db, clock);

  route(app, api.tree, access.headOffice(ANY_STAFF), () => service.tree(), { tags });
  route(app, api.create, access.headOffice('dept:add'), (ctx) => service.create(actor(ctx), ctx.input), {
    tags,
  });
  route(app, api.update, access.headOffice('dept:edit'), (ctx) => service.update(actor(ctx), ctx.input), {
    tags,
  });
  route(
    app,
    api.setEnabled,
    access.headOffice('dept:edit'),
    (ctx) => service.setEnabled(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(app, api.delete, access.headOffice('dept:del'), (ctx) => service.delete(actor(ctx), ctx.input.id), {
    tags,
  });
}
