/** Under this many milliseconds the time left turns red. */
export const URGENT_MS = 5 * 60_000;

export type TimeLeft = {
  /** Milliseconds until the offer closes, never below 0. */
  ms: number;
  /** 'mm:ss', or 'h:mm:ss' from one hour up; '00:00' once closed. */
  text: string;
  urgent: boolean;
  expired: boolean;
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time left of an offer that closes at `expiresAt` (ISO text or epoch ms), seen at `now`. Seconds are
 * rounded up, so the display reaches 00:00 exactly when the offer closes. An unreadable date counts as closed.
 */
export function timeLeft(expiresAt: string | number, now: number): TimeLeft {
  const end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  const ms = Number.isFinite(end) ? Math.max(0, end - now) : 0;
  const totalSeconds = Math.ceil(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const text = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  return { ms, text, urgent: ms > 0 && ms < URGENT_MS, expired: ms === 0 };
}
