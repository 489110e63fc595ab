/**
 * Where the instance is in its life, for readiness: it turns not-ready the moment shutdown begins, before the
 * listener stops, so an orchestrator (or the demo script) that probes `/api/health/ready` stops sending first.
 */
export type Lifecycle = {
  readonly closing: boolean;
  beginShutdown(): void;
};

export function createLifecycle(): Lifecycle {
  let closing = false;
  return {
    get closing() {
      return closing;
    },
    beginShutdown() {
      closing = true;
    },
  };
}
