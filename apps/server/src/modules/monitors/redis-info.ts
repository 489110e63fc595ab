import type { RedisMonitor } from '@console/contract';

const num = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** Redis `INFO` text → Redis监控's figures: version, memory, clients, hit rate, keys per database. */
export function redisMonitorOf(info: string): Extract<RedisMonitor, { configured: true }> {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  const hits = num(fields.get('keyspace_hits'));
  const misses = num(fields.get('keyspace_misses'));
  const keyspace = [...fields]
    .filter(([key]) => /^db\d+$/.test(key))
    .map(([db, value]) => {
      const parts = new Map(value.split(',').map((pair) => pair.split('=') as [string, string]));
      return { db, keys: num(parts.get('keys')), expires: num(parts.get('expires')) };
    })
    .sort((a, b) => num(a.db.slice(2)) - num(b.db.slice(2)));
  return {
    configured: true,
    version: fields.get('redis_version') ?? '',
    mode: fields.get('redis_mode') ?? '',
    uptimeSeconds: num(fields.get('uptime_in_seconds')),
    usedMemoryBytes: num(fields.get('used_memory')),
    peakMemoryBytes: num(fields.get('used_memory_peak')),
    maxMemoryBytes: num(fields.get('maxmemory')),
    connectedClients: num(fields.get('connected_clients')),
    blockedClients: num(fields.get('blocked_clients')),
    opsPerSecond: num(fields.get('instantaneous_ops_per_sec')),
    hits,
    misses,
    hitRate: hits + misses > 0 ? hits / (hits + misses) : null,
    keyspace,
  };
}
