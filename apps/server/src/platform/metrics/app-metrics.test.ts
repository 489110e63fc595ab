import { describe, expect, it } from 'vitest';
import { createAppMetrics, NO_METRICS, statusClassOf } from './app-metrics.js';
import { sampleOf } from './exposition-text.js';

const fresh = () => createAppMetrics({ dbKind: 'pglite', defaultMetrics: false });

describe('app metrics', () => {
  it('classes status codes, anything outside 1xx-5xx as other', () => {
    expect([101, 200, 204, 302, 404, 499, 503, 0, 600].map(statusClassOf)).toEqual([
      '1xx',
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      'other',
      'other',
    ]);
  });

  it('records a route by its pattern, method and status class, in seconds', async () => {
    const metrics = fresh();
    const record = metrics.requests('/api/roles/:id')!;
    record('PUT', 200, 12);
    record('PUT', 201, 30);
    record('PUT', 404, 1);
    record('DELETE', 500, 2_000);
    const text = await metrics.registry!.metrics();
    const labels = { route: '/api/roles/:id' };
    expect(sampleOf(text, 'console_http_requests_total', { ...labels, method: 'PUT', status: '2xx' })).toBe(
      2,
    );
    expect(sampleOf(text, 'console_http_requests_total', { ...labels, method: 'PUT', status: '4xx' })).toBe(
      1,
    );
    expect(
      sampleOf(text, 'console_http_requests_total', { ...labels, method: 'DELETE', status: '5xx' }),
    ).toBe(1);
    const sum = sampleOf(text, 'console_http_request_duration_seconds_sum', {
      ...labels,
      method: 'PUT',
      status: '2xx',
    });
    expect(sum).toBeCloseTo(0.042, 6);
    expect(
      sampleOf(text, 'console_http_request_duration_seconds_bucket', {
        ...labels,
        method: 'DELETE',
        le: '1',
      }),
    ).toBe(0);
    expect(
      sampleOf(text, 'console_http_request_duration_seconds_bucket', {
        ...labels,
        method: 'DELETE',
        le: '2.5',
      }),
    ).toBe(1);
    // Cumulative buckets: an observation equal to a bound counts in it; +Inf holds every observation.
    const put = { ...labels, method: 'PUT', status: '2xx' };
    const bucket = (body: string, le: string) =>
      sampleOf(body, 'console_http_request_duration_seconds_bucket', { ...put, le });
    expect(bucket(text, '0.01')).toBe(0);
    expect(bucket(text, '0.025')).toBe(1);
    expect(bucket(text, '0.05')).toBe(2);
    expect(bucket(text, '+Inf')).toBe(2);
    expect(sampleOf(text, 'console_http_request_duration_seconds_count', put)).toBe(2);
    record('PUT', 200, 50);
    const again = await metrics.registry!.metrics();
    expect(bucket(again, '0.05')).toBe(3);
    expect(again).toContain('# TYPE console_http_request_duration_seconds histogram');
    expect(again).toContain('# TYPE console_http_requests_total counter');
  });

  it('folds methods no route declares into OTHER', async () => {
    const metrics = fresh();
    const record = metrics.requests('unmatched')!;
    for (const method of ['PROPFIND', 'MKCOL', 'SEARCH', 'GET']) record(method, 404, 1);
    const text = await metrics.registry!.metrics();
    expect(sampleOf(text, 'console_http_requests_total', { method: 'OTHER', status: '4xx' })).toBe(3);
    // One series for the folded methods, never a label set twice in the text.
    expect(text.split('\n').filter((line) => line.startsWith('console_http_requests_total{'))).toHaveLength(
      2,
    );
    expect(sampleOf(text, 'console_http_requests_total', { method: 'GET', status: '4xx' })).toBe(1);
    expect(text).not.toContain('PROPFIND');
  });

  it('reads gauges on scrape and leaves the export queue out when its query fails', async () => {
    const metrics = fresh();
    let held = 3;
    metrics.heldPolls(() => held);
    metrics.dbPool(() => ({ max: 10, total: 4, idle: 1, waiting: 2 }));
    let fail = false;
    metrics.exportQueue(async () => {
      if (fail) throw new Error('database away');
      return { queued: 5, running: 1 };
    });
    let text = await metrics.registry!.metrics();
    expect(sampleOf(text, 'console_im_polls_held')).toBe(3);
    expect(sampleOf(text, 'console_db_pool_connections', { state: 'in_use' })).toBe(3);
    expect(sampleOf(text, 'console_db_pool_connections', { state: 'idle' })).toBe(1);
    expect(sampleOf(text, 'console_db_pool_waiting')).toBe(2);
    expect(sampleOf(text, 'console_db_pool_max')).toBe(10);
    expect(sampleOf(text, 'console_export_jobs', { status: 'queued' })).toBe(5);
    held = 0;
    fail = true;
    text = await metrics.registry!.metrics();
    expect(sampleOf(text, 'console_im_polls_held')).toBe(0);
    expect(sampleOf(text, 'console_export_jobs', { status: 'queued' })).toBeNull();
  });

  it('counts wake-ups, answered polls, messages and job runs by their bounded labels', async () => {
    const metrics = fresh();
    metrics.wakeups('bus', 3, 2);
    metrics.wakeups('sweeper', 1, 0);
    metrics.pollSettled('empty');
    metrics.pollSettled('empty');
    metrics.messagesCreated('orders', 4);
    metrics.jobRun('x.job', true, 0.2);
    metrics.jobRun('x.job', false, 0.1);
    const text = await metrics.registry!.metrics();
    expect(sampleOf(text, 'console_im_wakeup_keys_total', { via: 'bus' })).toBe(3);
    expect(sampleOf(text, 'console_im_wakeups_delivered_total', { via: 'bus' })).toBe(2);
    expect(sampleOf(text, 'console_im_wakeups_delivered_total', { via: 'sweeper' })).toBeNull();
    expect(sampleOf(text, 'console_im_polls_answered_total', { outcome: 'empty' })).toBe(2);
    expect(sampleOf(text, 'console_im_messages_published_total', { source: 'orders' })).toBe(4);
    expect(sampleOf(text, 'console_job_runs_total', { job: 'x.job', outcome: 'failed' })).toBe(1);
    expect(sampleOf(text, 'console_job_run_duration_seconds_count', { job: 'x.job' })).toBe(2);
  });

  it('gives every app its own registry, and none when off', () => {
    expect(fresh().registry).not.toBe(fresh().registry);
    expect(NO_METRICS.registry).toBeNull();
    expect(NO_METRICS.requests('/x')).toBeNull();
  });
});
