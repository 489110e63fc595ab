import type { SelectedStore } from '@console/contract';
import { fetchLastStore } from './store-api';

let early: { userId: number; answer: Promise<SelectedStore | null> } | null = null;

/**
 * Sends the last-used-store call (spec 4.2) as soon as the user is known on a first visit, for the start-up to
 * take once the frame has drawn: on a phone that is a round trip less before the dashboard can ask for its data.
 */
export function prefetchLastStore(userId: number): void {
  if (early?.userId === userId) return;
  early = { userId, answer: fetchLastStore(userId) };
  // Unread when the start-up never runs (a standalone page): no unhandled rejection.
  early.answer.catch(() => {});
}

/** The prefetched answer for `userId`, taken once; otherwise (a retry, another user) a new call. */
export function takeLastStore(userId: number): Promise<SelectedStore | null> {
  const answer = early?.userId === userId ? early.answer : fetchLastStore(userId);
  early = null;
  return answer;
}
