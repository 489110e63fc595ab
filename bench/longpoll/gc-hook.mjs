// Preloaded into both servers under test (`--expose-gc --import`): on SIGUSR2, collect garbage and write
// process.memoryUsage() next to the process id, so memory is compared without garbage in it.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';

export const memoryFileOf = (pid) => path.join(os.tmpdir(), `longpoll-bench-memory-${pid}.json`);

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  // LONGPOLL_BENCH_SNAPSHOTS=<dir>: also a heap snapshot each time, for a diff of where the memory goes.
  const dir = process.env.LONGPOLL_BENCH_SNAPSHOTS;
  if (dir) v8.writeHeapSnapshot(path.join(dir, `${process.pid}-${Date.now()}.heapsnapshot`));
  writeFileSync(memoryFileOf(process.pid), JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
});
