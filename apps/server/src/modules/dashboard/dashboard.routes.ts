import { dashboardEndpoints } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { createDashboardSources, type DashboardSources } from './dashboard-sources.js';
import { createDashboardService } from './dashboard.service.js';

/**
 * `sources` is where business modules register their counters; app.ts passes one registry to them and here.
 */
export function dashboardRoutes(
  app: AppInstance,
  { db, clock }: AppDeps,
  sources: DashboardSources = createDashboardSources(),
): void {
  const service = createDashboardService({ db, clock, sources, log: app.log });

  route(
    app,
    dashboardEndpoints.summary,
    access.store(ANY_STAFF),
    ({ caller, store, input }) => {
      const { user } = caller();
      const ctx = { storeId: store().id, userId: user.id, workCode: user.workCode };
      return service.summary(ctx, input.days);
    },
    { tags: ['dashboard'] },
  );
}
