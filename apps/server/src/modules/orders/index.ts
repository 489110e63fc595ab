import type { AppDeps, AppInstance } from '../../app-types.js';
import type { DashboardSources } from '../dashboard/dashboard-sources.js';
import type { MessageProducer } from '../im/message-producer.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { cancelCheckRoutes } from './cancel-checks/cancel-check.routes.js';
import { fulfilmentRoutes } from './fulfilment/fulfilment.routes.js';
import { createOrderIntake } from './integration/integration.service.js';
import { orderIntegrationRoutes } from './integration/integration.routes.js';
import { intentionRoutes } from './intentions/intentions.routes.js';
import { registerLookupJobs } from './lookups/lookups.jobs.js';
import { orderLookupRoutes } from './lookups/lookups.routes.js';
import { registerPlanJobs } from './plans/plans.jobs.js';
import { orderPlanRoutes } from './plans/plans.routes.js';
import { registerSpecialOrderJobs } from './special/special.jobs.js';
import { specialOrderRoutes } from './special/special.routes.js';
import { valetOrderRoutes } from './valet/valet.routes.js';

export type OrdersWiring = { producer: MessageProducer; dashboardSources: DashboardSources; jobs: JobRunner };

/**
 * Store orders (docs/domain/orders.md), every sub-module and its jobs wired here: the upstream intake is built once and shared
 * by the push routes (integration) and valet confirmation, which offers the order it creates.
 */
export function ordersModule(app: AppInstance, deps: AppDeps, wiring: OrdersWiring): void {
  const { producer, dashboardSources, jobs } = wiring;
  const intake = createOrderIntake({ db: deps.db, clock: deps.clock, producer });

  orderIntegrationRoutes(app, deps, intake);
  orderPlanRoutes(app, deps, { producer, dashboardSources });
  fulfilmentRoutes(app, deps, { dashboardSources });
  orderLookupRoutes(app, deps);
  valetOrderRoutes(app, deps, { producer, intake });
  intentionRoutes(app, deps);
  cancelCheckRoutes(app, deps, { producer });
  specialOrderRoutes(app, deps);

  registerLookupJobs(jobs, deps);
  registerPlanJobs(jobs, deps, { producer });
  registerSpecialOrderJobs(jobs, deps, { producer });
}
