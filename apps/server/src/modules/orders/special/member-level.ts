import { MEMBER_LEVEL_THRESHOLDS_CENTS } from '@console/contract';

/** The highest level whose threshold `paidCents` reaches (level 1 needs nothing). */
export function levelFor(paidCents: number): number {
  let level = 1;
  for (const [candidate, threshold] of Object.entries(MEMBER_LEVEL_THRESHOLDS_CENTS))
    if (paidCents >= threshold && Number(candidate) > level) level = Number(candidate);
  return level;
}

export const thresholdOf = (level: number): number => MEMBER_LEVEL_THRESHOLDS_CENTS[level] ?? 0;

/**
 * The level a member keeps after losing an order: what the rest of the window still reaches, never above the
 * level they have now (a check never promotes anyone).
 */
export function levelAfterCancel(currentLevel: number, remainingCents: number): number {
  return Math.min(currentLevel, levelFor(remainingCents));
}
