import { FULFILMENT_TEXT } from './fulfilment.messages.js';

export type CyclePeriod = { period: number; plannedDate: string; status: string };
export type PeriodChange = { period: number; plannedDate: string };

/**
 * Checks new planned dates of a uEnjoy cycle plan: only pending periods change, none before `today` (an
 * Asia/Shanghai yyyy-MM-dd), and after the change every period is strictly later than the one before.
 * Answers the changes that really move a date, or the first refusal in Chinese.
 */
export function checkCyclePlanChanges(
  current: readonly CyclePeriod[],
  changes: readonly PeriodChange[],
  today: string,
): { changes: PeriodChange[] } | { refusal: string } {
  const byPeriod = new Map(current.map((row) => [row.period, row]));
  const seen = new Set<number>();
  for (const change of changes) {
    if (seen.has(change.period)) return { refusal: FULFILMENT_TEXT.periodRepeated(change.period) };
    seen.add(change.period);
    const row = byPeriod.get(change.period);
    if (!row) return { refusal: FULFILMENT_TEXT.periodMissing(change.period) };
    if (row.status !== 'pending') return { refusal: FULFILMENT_TEXT.periodNotPending(change.period) };
    if (change.plannedDate < today) return { refusal: FULFILMENT_TEXT.dateBeforeToday(change.period) };
  }
  const planned = new Map(changes.map((c) => [c.period, c.plannedDate]));
  const merged = [...current]
    .sort((a, b) => a.period - b.period)
    .map((row) => ({ period: row.period, plannedDate: planned.get(row.period) ?? row.plannedDate }));
  for (let i = 1; i < merged.length; i++) {
    if (merged[i]!.plannedDate <= merged[i - 1]!.plannedDate)
      return { refusal: FULFILMENT_TEXT.datesNotIncreasing(merged[i]!.period) };
  }
  return {
    changes: changes.filter((c) => byPeriod.get(c.period)!.plannedDate !== c.plannedDate),
  };
}
