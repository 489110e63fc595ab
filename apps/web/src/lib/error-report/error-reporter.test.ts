import { CLIENT_ERROR_LIMITS } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEDUPE_WINDOW_MS,
  MAX_REPORTS_PER_PAGE,
  createErrorReporter,
  sendReport,
  type ErrorReporterDeps,
  type ReportContext,
} from './error-reporter';

const CONTEXT: ReportContext = {
  userId: 7,
  storeCode: 'S001',
  pageUrl: 'https://c.example.com/dashboard',
  userAgent: 'Mozilla/5.0',
  release: 'index-CSqBYr6y',
};

function setup(overrides: Partial<ErrorReporterDeps> = {}) {
  const send = vi.fn<(endpoint: string, body: string) => void>();
  const reporter = createErrorReporter({
    env: 'prd',
    endpoint: '/api/client-errors',
    context: () => CONTEXT,
    send,
    ...overrides,
  });
  const bodies = () => send.mock.calls.map(([, body]) => JSON.parse(body) as Record<string, unknown>);
  return { reporter, send, bodies };
}

const error = (message: string, stack = '') => ({ kind: 'error' as const, message, stack });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createErrorReporter', () => {
  it('is off in uat', () => {
    expect(setup({ env: 'uat' }).reporter).toBeNull();
    expect(setup({ env: 'test' }).reporter).not.toBeNull();
  });

  it('sends a report with the context to the endpoint', () => {
    const { reporter, send, bodies } = setup();
    expect(reporter?.report(error('x is undefined', 'TypeError\n  at a.js:1'))).toBe(true);
    expect(send.mock.calls[0]?.[0]).toBe('/api/client-errors');
    expect(bodies()[0]).toEqual({
      kind: 'error',
      message: 'x is undefined',
      stack: 'TypeError\n  at a.js:1',
      ...CONTEXT,
    });
  });

  it('leaves out a store code the server would refuse', () => {
    const { reporter, bodies } = setup({ context: () => ({ ...CONTEXT, storeCode: '' }) });
    reporter?.report(error('boom'));
    expect(bodies()[0]).not.toHaveProperty('storeCode');
  });

  it('applies the ignore rules', () => {
    const { reporter, send } = setup();
    expect(reporter?.report(error('Network Error'))).toBe(false);
    expect(reporter?.report(error('cancel'))).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends an identical error once a minute', () => {
    const { reporter, send } = setup();
    expect(reporter?.report(error('boom', 'E\n at a.js:1'))).toBe(true);
    expect(reporter?.report(error('boom', 'E\n at a.js:1'))).toBe(false);
    expect(reporter?.report(error('boom', 'E\n at b.js:9'))).toBe(true);
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS - 1);
    expect(reporter?.report(error('boom', 'E\n at a.js:1'))).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reporter?.report(error('boom', 'E\n at a.js:1'))).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('stops after 20 reports per page load', () => {
    const { reporter, send } = setup();
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) reporter?.report(error(`boom ${i}`));
    expect(send).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
    vi.advanceTimersByTime(DEDUPE_WINDOW_MS * 10);
    expect(reporter?.report(error('another'))).toBe(false);
  });

  it('truncates long fields to what the server accepts', () => {
    const { reporter, bodies } = setup();
    reporter?.report(error('m'.repeat(5_000), 's'.repeat(20_000)));
    const [body] = bodies();
    expect((body?.message as string).length).toBe(CLIENT_ERROR_LIMITS.message);
    expect((body?.stack as string).length).toBe(CLIENT_ERROR_LIMITS.stack);
  });
});

describe('sendReport', () => {
  it('uses sendBeacon when it accepts the report', () => {
    const beacon = vi.fn(() => true);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchMock);
    sendReport('/api/client-errors', '{"kind":"error"}');
    expect(beacon).toHaveBeenCalledWith('/api/client-errors', '{"kind":"error"}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the beacon is refused or missing', () => {
    const fetchMock = vi.fn(() => Promise.reject(new Error('offline')));
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    vi.stubGlobal('fetch', fetchMock);
    sendReport('/api/client-errors', '{}');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/client-errors',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{}' }),
    );
  });
});
