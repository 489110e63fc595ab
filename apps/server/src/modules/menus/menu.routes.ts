import { authEndpoints } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, route } from '../../http/route.js';
import { createMenuService } from './menu.service.js';

export function menuRoutes(app: AppInstance, { db }: AppDeps): void {
  const menuService = createMenuService(db);

  route(
    app,
    authEndpoints.menus,
    access.signedIn(),
    ({ caller }) => {
      const { user, roles } = caller();
      return menuService.menuTreeFor(user.id, roles);
    },
    { tags: ['menus'] },
  );

  route(
    app,
    authEndpoints.menuPathKnown,
    access.signedIn(),
    async ({ input }) => ({ known: await menuService.isPagePath(input.path) }),
    { tags: ['menus'] },
  );
}
