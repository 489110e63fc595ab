import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { InstanceMetrics, InstanceSample } from '@console/contract';

/** Samples kept per instance for the charts: a sample every HEARTBEAT_MS, so five minutes. */
export const HISTORY_SIZE = 60;

const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * This process's figures for 服务监控. CPU and the event-loop delay are measured over the interval since the
 * previous sample; the history holds the last HISTORY_SIZE samples. `stop()` ends the event-loop histogram.
 */
export function createMetricsSampler() {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let lastCpu = process.cpuUsage();
  let lastAt = process.hrtime.bigint();
  const history: InstanceSample[] = [];

  return {
    sample(at: Date): InstanceMetrics {
      const now = process.hrtime.bigint();
      const cpu = process.cpuUsage(lastCpu);
      const elapsedMicros = Number(now - lastAt) / 1000;
      lastCpu = process.cpuUsage();
      lastAt = now;
      const cpuCount = os.availableParallelism();
      const memory = process.memoryUsage();
      const cpuPercent =
        elapsedMicros > 0 ? Math.min(100, ((cpu.user + cpu.system) / elapsedMicros / cpuCount) * 100) : 0;
      // An idle histogram answers NaN; nothing waited, so no delay.
      const p99 = loop.count > 0 ? loop.percentile(99) / 1e6 : 0;
      const mean = loop.count > 0 ? loop.mean / 1e6 : 0;
      loop.reset();
      const sample: InstanceSample = {
        at: at.toISOString(),
        cpuPercent: round(cpuPercent),
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        eventLoopP99Ms: round(p99, 2),
      };
      history.push(sample);
      if (history.length > HISTORY_SIZE) history.splice(0, history.length - HISTORY_SIZE);
      return {
        ...sample,
        cpuCount,
        loadAverage: os.loadavg().map((n) => round(n, 2)),
        memTotalBytes: os.totalmem(),
        memFreeBytes: os.freemem(),
        heapTotalBytes: memory.heapTotal,
        heapLimitBytes: v8.getHeapStatistics().heap_size_limit,
        eventLoopMeanMs: round(mean, 2),
        uptimeSeconds: Math.round(process.uptime()),
        nodeVersion: process.version,
        platform: `${os.platform()} ${os.arch()}`,
      };
    },
    history: (): InstanceSample[] => [...history],
    stop(): void {
      loop.disable();
    },
  };
}
