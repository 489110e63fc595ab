import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { ExportRunner } from './export-runner.js';

const POLL_MS = 5_000;

/**
 * The export queue's slow poll, on every instance: jobs are claimed `skip locked`, so each instance takes its
 * own, and a job queued on another instance still starts within a poll.
 */
export function registerExportJobs(runner: JobRunner, exports: Pick<ExportRunner, 'drain'>): void {
  runner.register({
    name: 'exports.drain',
    description: '导出：生成排队中的 Excel 文件',
    scope: 'instance',
    schedule: { everyMs: POLL_MS },
    run: () => exports.drain(),
  });
}
