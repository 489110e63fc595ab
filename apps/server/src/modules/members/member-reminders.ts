import { MEMBER_FOLLOW_UP_BUSINESS_TYPE } from '@console/contract';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { staffOfStores, type MessageProducer } from '../im/message-producer.js';
import { createRemindersRepository, type NewReminder } from './reminders.repository.js';

/** Members per transaction: a run over a million members is many short transactions, not one long one. */
export const REMINDER_CHUNK_MEMBERS = 20_000;

/** The phases of a run, each one set-based SQL per chunk (the send: the messages of a chunk in a few inserts). */
export const REMINDER_PHASES = ['refresh', 'upgrade', 'equity', 'repurchase', 'send'] as const;
export type ReminderRunResult = {
  upgrade: number;
  equity: number;
  repurchase: number;
  /** Milliseconds spent in each phase over all chunks (bench/members measures them). */
  phaseMs: Record<(typeof REMINDER_PHASES)[number], number>;
};

/** The message of a reminder (spec 4.9 member family; the catalogue gives the title and the 2.15 target). */
export function reminderText(r: NewReminder): string {
  switch (r.messageType) {
    case 3:
      return `会员 ${r.name} 已升级为${r.levelName}，请分配专属导购`;
    case 5:
      return `会员 ${r.name} 已升级为${r.levelName}，请为其打标签`;
    case 4:
      return `会员 ${r.name} 已升级为${r.levelName}`;
    case 2:
      return `会员 ${r.name} 的${r.levelName}权益待激活：${r.subject}`;
    default:
      return `会员 ${r.name} 的${r.subject}复购将于 ${r.dueOn} 到期，请提醒复购`;
  }
}

/**
 * Who hears of a reminder: the member's guide when they still work at the store, else the store's staff (`staff`);
 * a reminder that needs a guide assigned (type 3) goes to the store.
 */
function receiversOf(reminder: NewReminder, staff: readonly number[]): readonly number[] {
  const guide = reminder.messageType !== 3 ? reminder.guideUserId : null;
  return guide !== null && staff.includes(guide) ? [guide] : staff;
}

/**
 * Sends the reminders' messages (business type 9, the 2.15 target from the catalogue) through the producer in
 * `tx`, all in a few statements: a store without staff gets none rather than failing. Answers the wake keys to
 * publish after commit.
 */
export async function sendReminders(
  tx: Database,
  producer: MessageProducer,
  reminders: readonly NewReminder[],
  source = 'members',
): Promise<string[]> {
  if (reminders.length === 0) return [];
  const staff = await staffOfStores(
    tx,
    reminders.map((r) => r.storeId),
  );
  return producer.publishMany(
    tx,
    reminders.map((reminder) => ({
      storeId: reminder.storeId,
      receiverIds: receiversOf(reminder, staff.get(reminder.storeId) ?? []),
      businessType: MEMBER_FOLLOW_UP_BUSINESS_TYPE,
      messageType: reminder.messageType,
      text: reminderText(reminder),
      expandInfo: { memberId: reminder.publicId },
      source,
    })),
  );
}

/**
 * The daily member reminders (docs/domain/members.md "Reminders"): refreshes who is due to buy again from the
 * orders, then inserts the reminders not sent yet and sends each one's message in the same transaction
 * (`sendReminders`). Run twice, it sends nothing the second time.
 */
export function createMemberReminders(deps: { db: Database; clock: Clock; producer: MessageProducer }) {
  const { db, clock, producer } = deps;
  const repo = createRemindersRepository(db);

  return {
    async run(): Promise<ReminderRunResult> {
      const now = clock();
      const today = shanghaiDay(now);
      const phaseMs = Object.fromEntries(REMINDER_PHASES.map((p) => [p, 0])) as ReminderRunResult['phaseMs'];
      const timed = async <T>(phase: keyof typeof phaseMs, work: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        try {
          return await work();
        } finally {
          phaseMs[phase] += performance.now() - started;
        }
      };
      const result: ReminderRunResult = { upgrade: 0, equity: 0, repurchase: 0, phaseMs };
      const { min, max } = await repo.memberIdSpan();
      for (let from = min - 1; from < max; from += REMINDER_CHUNK_MEMBERS) {
        const span = { from, to: Math.min(max, from + REMINDER_CHUNK_MEMBERS) };
        const wakeKeys = await db.transaction(async (tx) => {
          await timed('refresh', () => repo.refreshRepurchaseDue(tx, span));
          const reminders = [
            ...(await timed('upgrade', () => repo.insertUpgrades(tx, span, now))),
            ...(await timed('equity', () => repo.insertEquities(tx, span, now))),
            ...(await timed('repurchase', () => repo.insertRepurchases(tx, span, now, today))),
          ];
          for (const reminder of reminders) result[reminder.kind] += 1;
          return timed('send', () => sendReminders(tx, producer, reminders));
        });
        producer.wake(wakeKeys);
      }
      return result;
    },
  };
}

export type MemberReminders = ReturnType<typeof createMemberReminders>;
