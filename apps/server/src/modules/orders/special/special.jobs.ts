import type { AppDeps } from '../../../app-types.js';
import type { JobRunner } from '../../../platform/jobs/job-runner.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createShipReminder } from './ship-reminder.js';

const REMINDER_SWEEP_MS = 60_000;

/**
 * The sweep that reminds a taker of an order still not shipped (order and customer 7). One instance sweeps per
 * tick; the reminder's `skip locked` would keep two sweeps apart anyway, this saves the second one's work.
 */
export function registerSpecialOrderJobs(
  runner: JobRunner,
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  wiring: { producer: MessageProducer },
): void {
  const reminder = createShipReminder({ db, clock, producer: wiring.producer });
  runner.register({
    name: 'orders.ship-reminder',
    description: '已接未发货订单的发货提醒',
    scope: 'cluster',
    schedule: { everyMs: REMINDER_SWEEP_MS },
    run: async () => {
      await reminder.remindDue();
    },
  });
}
