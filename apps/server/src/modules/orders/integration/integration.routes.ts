import {
  ORDER_INTEGRATION_PATHS,
  PUSH_ORDER_BODY_LIMIT,
  cancelOrderBodySchema,
  cancelOrderResultSchema,
  pushIntentionBodySchema,
  pushIntentionResultSchema,
  pushOrderBodySchema,
  pushOrderResultSchema,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import type { OrderIntake } from './order-intake.js';
import { requireServiceToken } from './service-token.js';

const TAGS = ['orders-integration'];
const PER_IP_PER_MINUTE = { rateLimit: { max: 1200, timeWindow: '1 minute' } };

/** The upstream platform's endpoints (header X-Service-Token); docs/domain/orders.md "Upstream integration". */
export function orderIntegrationRoutes(app: AppInstance, deps: AppDeps, intake: OrderIntake): void {
  const guarded = {
    config: PER_IP_PER_MINUTE,
    onRequest: requireServiceToken(deps.config.serviceToken),
  };
  const security = [{ serviceToken: [] }];

  app.post(
    ORDER_INTEGRATION_PATHS.pushOrder,
    {
      ...guarded,
      // Its own limit: an order may carry a prescription file (PRESCRIPTION_MAX_BYTES) as a data URL.
      bodyLimit: PUSH_ORDER_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: 'Push an upstream order: offered to the candidate stores (idempotent on omsOrderNo)',
        security,
        body: pushOrderBodySchema,
        response: replies(pushOrderResultSchema),
      },
    },
    async (request) => ok(await intake.pushOrder(request.body)),
  );

  app.post(
    ORDER_INTEGRATION_PATHS.cancelOrder,
    {
      ...guarded,
      schema: {
        tags: TAGS,
        summary: 'The customer cancelled upstream (409 once shipped; cancelling again answers success)',
        security,
        body: cancelOrderBodySchema,
        response: replies(cancelOrderResultSchema),
      },
    },
    async (request) => ok(await intake.cancelOrder(request.body)),
  );

  app.post(
    ORDER_INTEGRATION_PATHS.pushIntention,
    {
      ...guarded,
      schema: {
        tags: TAGS,
        summary: 'Push a customer intention for a store to follow up (idempotent on omsConsultantsNo)',
        security,
        body: pushIntentionBodySchema,
        response: replies(pushIntentionResultSchema),
      },
    },
    async (request) => ok(await intake.pushIntention(request.body)),
  );
}
