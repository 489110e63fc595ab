import { DASHBOARD_PATHS, dashboardSummaryBodySchema, dashboardSummarySchema } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { callerOf } from '../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../plugins/store-scope.js';
import { createStoreRepository } from '../stores/store.repository.js';
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
  const stores = createStoreRepository(db);

  app.post(
    DASHBOARD_PATHS.summary,
    {
      preValidation: app.authenticate,
      preHandler: storeScope(stores, 'storeCode'),
      schema: {
        tags: ['dashboard'],
        summary: "The scoped store's counts and its daily figures of the last 7 or 30 days",
        security: [{ bearer: [] }],
        body: dashboardSummaryBodySchema,
        response: replies(dashboardSummarySchema),
      },
    },
    async (request) => {
      const { user } = callerOf(request);
      const store = scopedStoreOf(request);
      const ctx = { storeId: store.id, userId: user.id, workCode: user.workCode };
      return ok(await service.summary(ctx, request.body.days));
    },
  );
}
