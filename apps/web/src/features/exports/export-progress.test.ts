import { describe, expect, it } from 'vitest';
import { EXPORT_POLL_MS, pollInterval, progressOf } from './export-progress';

describe('export progress', () => {
  it('polls every 2 s while any job is queued or running, and stops when all are settled', () => {
    expect(pollInterval([{ status: 'done' }, { status: 'queued' }])).toBe(EXPORT_POLL_MS);
    expect(pollInterval([{ status: 'running' }])).toBe(2000);
    expect(pollInterval([{ status: 'done' }, { status: 'failed' }])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });

  it('shows a bar per state, clamped to 0–100', () => {
    expect(progressOf({ status: 'queued', progress: 40 })).toEqual({ percent: 0, status: 'normal' });
    expect(progressOf({ status: 'running', progress: 140 })).toEqual({ percent: 100, status: 'active' });
    expect(progressOf({ status: 'running', progress: 35 })).toEqual({ percent: 35, status: 'active' });
    expect(progressOf({ status: 'done', progress: 0 })).toEqual({ percent: 100, status: 'success' });
    expect(progressOf({ status: 'failed', progress: 60 })).toEqual({ percent: 60, status: 'exception' });
  });
});
