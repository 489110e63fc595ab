import { describe, expect, it } from 'vitest';
import { redisMonitorOf } from './redis-info.js';

const INFO = [
  '# Server',
  'redis_version:7.0.15',
  'redis_mode:standalone',
  'uptime_in_seconds:3600',
  '# Clients',
  'connected_clients:4',
  'blocked_clients:1',
  '# Memory',
  'used_memory:1048576',
  'used_memory_peak:2097152',
  'maxmemory:0',
  '# Stats',
  'instantaneous_ops_per_sec:12',
  'keyspace_hits:90',
  'keyspace_misses:10',
  '# Keyspace',
  'db10:keys=2,expires=0,avg_ttl=0',
  'db0:keys=15,expires=3,avg_ttl=1000',
  '',
].join('\r\n');

describe('redisMonitorOf', () => {
  it('reads version, memory, clients, hit rate and keys per database from INFO', () => {
    expect(redisMonitorOf(INFO)).toEqual({
      configured: true,
      version: '7.0.15',
      mode: 'standalone',
      uptimeSeconds: 3600,
      usedMemoryBytes: 1048576,
      peakMemoryBytes: 2097152,
      maxMemoryBytes: 0,
      connectedClients: 4,
      blockedClients: 1,
      opsPerSecond: 12,
      hits: 90,
      misses: 10,
      hitRate: 0.9,
      keyspace: [
        { db: 'db0', keys: 15, expires: 3 },
        { db: 'db10', keys: 2, expires: 0 },
      ],
    });
  });

  it('has no hit rate before the first lookup', () => {
    expect(redisMonitorOf('redis_version:7.2.0\r\nkeyspace_hits:0\r\nkeyspace_misses:0').hitRate).toBeNull();
  });
});
