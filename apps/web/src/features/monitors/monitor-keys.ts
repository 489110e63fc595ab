/** Query keys of 系统监控 and 版本发布. */
export const monitorKeys = {
  all: ['monitors'] as const,
  servers: ['monitors', 'servers'] as const,
  sql: ['monitors', 'sql'] as const,
  redis: ['monitors', 'redis'] as const,
  database: ['monitors', 'database'] as const,
  releases: ['monitors', 'releases'] as const,
};
