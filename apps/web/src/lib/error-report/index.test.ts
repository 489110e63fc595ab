import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRuntimeConfig } from '../../test/runtime-config';
import { reportRenderError, startErrorReporting } from './index';

const config = withRuntimeConfig({ env: 'prd', errorReportUrl: '' });

const beacon = vi.fn((_url: string, _body: string) => true);
Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
const sent = (): Record<string, unknown>[] =>
  beacon.mock.calls.map(([url, body]) => ({ ...(JSON.parse(body) as Record<string, unknown>), url }));

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  beacon.mockClear();
});

describe('startErrorReporting', () => {
  it('replays a render crash from before the start, then reports window errors and rejections', () => {
    reportRenderError(new Error('render crashed'));
    expect(beacon).not.toHaveBeenCalled();
    stop = startErrorReporting();
    expect(sent()).toEqual([
      expect.objectContaining({ url: '/api/client-errors', kind: 'render', message: 'render crashed' }),
    ]);

    window.dispatchEvent(
      new ErrorEvent('error', { message: 'x is undefined', error: new TypeError('x is undefined') }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = 'Network Error';
    window.dispatchEvent(rejection);
    const second = new Event('unhandledrejection') as Event & { reason: unknown };
    second.reason = new Error('lost promise');
    window.dispatchEvent(second);

    expect(sent().map((report) => [report.kind, report.message])).toEqual([
      ['render', 'render crashed'],
      ['error', 'x is undefined'],
      ['rejection', 'lost promise'],
    ]);
  });

  it('reports a failed resource of the page, but not one flagged apmIgnore=1', () => {
    stop = startErrorReporting();
    const script = document.createElement('script');
    script.src = '/assets/page-abc.js';
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));
    const ignored = document.createElement('img');
    ignored.src = '/?hash=1&apmIgnore=1';
    document.body.appendChild(ignored);
    ignored.dispatchEvent(new Event('error'));
    expect(sent()).toEqual([
      expect.objectContaining({ kind: 'resource', message: expect.stringContaining('/assets/page-abc.js') }),
    ]);
  });

  it('sends to the configured collector instead of our endpoint', () => {
    config.errorReportUrl = 'https://apm.example.com/report';
    stop = startErrorReporting();
    reportRenderError(new Error('elsewhere'));
    expect(sent()[0]?.url).toBe('https://apm.example.com/report');
    config.errorReportUrl = '';
  });

  it('does nothing in uat', () => {
    config.env = 'uat';
    stop = startErrorReporting();
    reportRenderError(new Error('uat crash'));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('uat rejection');
    window.dispatchEvent(rejection);
    expect(beacon).not.toHaveBeenCalled();
    config.env = 'prd';
  });
});
