import type { Database } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import type { MessageProducer } from '../im/message-producer.js';
import { sendReminders } from './member-reminders.js';
import { createRemindersRepository, type NewReminder } from './reminders.repository.js';

/** The demo traffic sends a member message once every this many demo-traffic intervals (DEMO_TRAFFIC_INTERVAL). */
export const MEMBER_TRAFFIC_EVERY_INTERVALS = 10;

/** The `source` of the messages it sends, so that they can be told from the daily job's. */
export const DEMO_MEMBER_SOURCE = 'members.demo-traffic';

const KINDS: readonly NewReminder['kind'][] = ['upgrade', 'equity', 'repurchase'];

export type DemoMemberMessage = {
  kind: NewReminder['kind'];
  memberId: string;
  storeId: number;
  sent: boolean;
};

/**
 * Demo mode: now and then a member message as the daily job would send it (an upgrade that needs a guide, an
 * equity to activate, or a repurchase due), about a member of whom it is true today, through the producer.
 * It records no `member_reminders` row, so the daily job's own reminders are unchanged.
 */
export function createDemoMemberTraffic(deps: {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  random?: () => number;
}) {
  const { db, clock, producer, random = Math.random } = deps;
  const repo = createRemindersRepository(db);

  return {
    /** Sends one member message of a random kind; answers what it sent, or null when nobody qualifies. */
    async tick(): Promise<DemoMemberMessage | null> {
      const kind = KINDS[Math.floor(random() * KINDS.length)]!;
      const reminder = await repo.randomCandidate(kind, shanghaiDay(clock()));
      if (!reminder) return null;
      const wakeKeys = await db.transaction((tx) =>
        sendReminders(tx, producer, [reminder], DEMO_MEMBER_SOURCE),
      );
      producer.wake(wakeKeys);
      return { kind, memberId: reminder.publicId, storeId: reminder.storeId, sent: wakeKeys.length > 0 };
    },
  };
}
