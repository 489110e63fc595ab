import type { AppDeps } from '../../../app-types.js';
import type { JobRunner } from '../../../platform/jobs/job-runner.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createDemoTraffic } from '../integration/demo-traffic.js';
import { createOrderIntake } from '../integration/integration.service.js';
import { createPlansService } from './plans.service.js';

const EXPIRY_SWEEP_MS = 60_000;

/**
 * The offer expiry sweep and, in demo mode, the demo order traffic. Both run on one instance per tick: the
 * sweep would only repeat the other instance's statement, and the demo traffic means one order per interval,
 * however many instances serve the demo.
 */
export function registerPlanJobs(
  runner: JobRunner,
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  wiring: { producer: MessageProducer },
): void {
  const { producer } = wiring;
  const plans = createPlansService({ db, clock, producer });
  runner.register({
    name: 'orders.offer-expiry',
    description: '抢单：过期未抢的订单转入未接订单',
    scope: 'cluster',
    schedule: { everyMs: EXPIRY_SWEEP_MS },
    run: async () => {
      await plans.expireDue();
    },
  });

  if (config.demoMode && config.seedDemo && config.demoTrafficIntervalSeconds > 0) {
    const traffic = createDemoTraffic({ db, clock, intake: createOrderIntake({ db, clock, producer }) });
    runner.register({
      name: 'orders.demo-traffic',
      description: '演示：模拟上游推送订单',
      scope: 'cluster',
      schedule: { everyMs: config.demoTrafficIntervalSeconds * 1000 },
      run: async () => {
        await traffic.tick();
      },
    });
  }
}
