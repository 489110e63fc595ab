export function rssKb(pid: number): number;
export function fdCount(pid: number): number;
export function cpuTicks(pid: number): number;
export function waitUntilSettled(
  pid: number,
  options: { minFds: number; quietMs?: number; timeoutMs?: number },
): Promise<number>;
export function memoryAfterGc(pid: number): Promise<{ heapUsedKb: number; rssKb: number }>;
