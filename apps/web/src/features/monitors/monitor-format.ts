const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → '1.5 KB'; sizes of tables, memory and heaps. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

/** 93784 → '1天2小时3分'; uptimes. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}天${hours}小时${minutes}分`;
  if (hours > 0) return `${hours}小时${minutes}分`;
  if (minutes > 0) return `${minutes}分${s % 60}秒`;
  return `${s}秒`;
}

/** 12.345 → '12.35 ms'; statement and event-loop times. */
export function formatMs(ms: number): string {
  return `${ms >= 100 ? Math.round(ms) : ms.toFixed(2)} ms`;
}

/** 12345 → '12,345'. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('zh-CN');
}

/** A share 0–1 as a whole percentage, clamped. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;
}
