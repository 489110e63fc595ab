/** Query keys of 系统工具's logs, 在线用户 and 定时任务. */
export const systemToolKeys = {
  all: ['system-tools'] as const,
  operation: ['system-tools', 'operation'] as const,
  operationDetail: (id: number) => ['system-tools', 'operation', 'detail', id] as const,
  serverErrors: ['system-tools', 'errors', 'server'] as const,
  clientErrors: ['system-tools', 'errors', 'client'] as const,
  login: ['system-tools', 'login'] as const,
  online: ['system-tools', 'online'] as const,
  jobs: ['system-tools', 'jobs'] as const,
  jobRuns: (name: string) => ['system-tools', 'jobs', 'runs', name] as const,
  backups: ['system-tools', 'backups'] as const,
  cronPreview: (cron: string) => ['system-tools', 'jobs', 'preview', cron] as const,
};
