// CPU a measured window cost, per request: a steadier figure than requests per second when the machine's speed
// moves between runs (the time the server process and PostgreSQL spent, not the time a request waited).
import { readdirSync, readFileSync } from 'node:fs';
import { cpuTicks } from '../longpoll/proc-stats.mjs';

const MS_PER_TICK = 10; // USER_HZ is 100 on Linux

function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/** Ticks of every PostgreSQL process by pid. */
function postgresTicks() {
  const ticks = new Map();
  for (const pid of postgresPids()) {
    try {
      ticks.set(pid, cpuTicks(pid));
    } catch {
      // gone
    }
  }
  return ticks;
}

/** What the processes alive at the end used since `before` (a process that ended meanwhile is not counted). */
function ticksSince(before) {
  let sum = 0;
  for (const [pid, ticks] of postgresTicks()) sum += ticks - (before.get(pid) ?? 0);
  return sum;
}

/**
 * Runs `window()` (which answers `{ requests }`) and adds the CPU milliseconds per request of the server process
 * `pid` (`serverCpuMs`) and of every PostgreSQL process (`postgresCpuMs`) to its result.
 */
export async function withCpuPerRequest(pid, window) {
  const before = { server: cpuTicks(pid), postgres: postgresTicks() };
  const result = await window();
  const per = (ticks) => (result.requests ? (ticks * MS_PER_TICK) / result.requests : null);
  return {
    ...result,
    serverCpuMs: per(cpuTicks(pid) - before.server),
    postgresCpuMs: per(ticksSince(before.postgres)),
  };
}
