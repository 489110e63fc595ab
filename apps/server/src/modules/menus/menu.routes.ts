import { AUTH_PATHS, menuNodeSchema } from '@console/contract';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { callerOf } from '../../plugins/request-context.js';
import { createMenuService } from './menu.service.js';

export function menuRoutes(app: AppInstance, { db }: AppDeps): void {
  const menuService = createMenuService(db);

  app.get(
    AUTH_PATHS.menus,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['menus'],
        summary: "The signed-in user's menu tree (eladmin route shape), filtered by role",
        security: [{ bearer: [] }],
        response: replies(z.array(menuNodeSchema)),
      },
    },
    async (request) => {
      const { user, roles } = callerOf(request);
      return ok(await menuService.menuTreeFor(user.id, roles));
    },
  );
}
