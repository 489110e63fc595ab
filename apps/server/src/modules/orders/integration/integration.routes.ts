import { integrationEndpoints as api, PUSH_ORDER_BODY_LIMIT } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, route } from '../../../http/route.js';
import { serviceRateLimitKey } from '../../../http/service-token.js';
import type { OrderIntake } from './integration.service.js';

const tags = ['orders-integration'];
const CALLS_PER_MINUTE = 1200;

/**
 * The upstream platform's endpoints (header X-Service-Token; docs/domain/orders.md "Upstream integration"). The
 * demo order traffic, which pushes through the same intake, is a job (plans.jobs.ts).
 */
export function orderIntegrationRoutes(app: AppInstance, deps: AppDeps, intake: OrderIntake): void {
  // access.service() checks the token before the body is read: a caller without it learns no payload rule.
  const guarded = {
    tags,
    config: {
      rateLimit: {
        max: CALLS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: serviceRateLimitKey(deps.config.serviceToken),
      },
    },
  };

  // Its own limit: an order may carry a prescription file (PRESCRIPTION_MAX_BYTES) as a data URL.
  route(app, api.pushOrder, access.service(), ({ input }) => intake.pushOrder(input), {
    ...guarded,
    bodyLimit: PUSH_ORDER_BODY_LIMIT,
  });
  route(app, api.cancelOrder, access.service(), ({ input }) => intake.cancelOrder(input), guarded);
  route(app, api.pushIntention, access.service(), ({ input }) => intake.pushIntention(input), guarded);
}
