import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { memoryFileOf } from './gc-hook.mjs';

/** Resident set size of a process in kB (VmRSS of /proc/<pid>/status). */
export function rssKb(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** Open file descriptors of a process: accepted sockets show up here as soon as the kernel hands them over. */
export function fdCount(pid) {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** User + system CPU time of a process, in clock ticks (normally 10 ms). */
export function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the process holds at least `minFds` descriptors and has used (almost) no CPU for `quietMs`:
 * every request has been read, checked and parked. Answers the seconds it took.
 */
export async function waitUntilSettled(pid, { minFds, quietMs = 1_000, timeoutMs = 180_000 }) {
  const started = Date.now();
  let quietSince = null;
  let ticks = cpuTicks(pid);
  while (Date.now() - started < timeoutMs) {
    await delay(250);
    const now = cpuTicks(pid);
    const busy = now - ticks > 1;
    ticks = now;
    if (fdCount(pid) < minFds || busy) {
      quietSince = null;
      continue;
    }
    quietSince ??= Date.now();
    if (Date.now() - quietSince >= quietMs) return (Date.now() - started) / 1000;
  }
  throw new Error(`process ${pid} did not settle with ${minFds} descriptors (has ${fdCount(pid)})`);
}

/**
 * Asks a process started with gc-hook.mjs to collect garbage, then answers its heap (from the hook) and its
 * resident set size after the collection (from /proc).
 */
export async function memoryAfterGc(pid) {
  const file = memoryFileOf(pid);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    await delay(50);
    try {
      const usage = JSON.parse(readFileSync(file, 'utf8'));
      rmSync(file, { force: true });
      return { heapUsedKb: Math.round(usage.heapUsed / 1024), rssKb: rssKb(pid) };
    } catch {
      // not written yet
    }
  }
  throw new Error(`process ${pid} did not report its memory (started without gc-hook.mjs?)`);
}
