import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { captureThrown, isIgnored, safePageUrl } from './captured-error';

const error = (message: string, extra: object = {}) => ({
  kind: 'error' as const,
  message,
  stack: '',
  ...extra,
});

describe('isIgnored (spec 8)', () => {
  it.each([
    'Request failed with status code 500',
    'Network Error',
    'Request aborted',
    'AxiosError: Request failed with status code 404',
  ])('ignores "%s"', (message) => {
    expect(isIgnored(error(message))).toBe(true);
  });

  it('ignores exactly "cancel", not messages that merely contain it', () => {
    expect(isIgnored(error('cancel'))).toBe(true);
    expect(isIgnored(error('Cannot cancel the order: x is undefined'))).toBe(false);
  });

  it('does not report a 401 (an expired session is expected)', () => {
    expect(isIgnored(error('Unauthorised', { status: 401 }))).toBe(true);
    expect(isIgnored(error('Server error', { status: 500 }))).toBe(false);
  });

  it('skips requests flagged apmIgnore=1', () => {
    expect(isIgnored(error('Failed to load', { url: '/?hash=abc&apmIgnore=1' }))).toBe(true);
    expect(isIgnored(error('Failed to load', { url: '/?apmIgnore=10' }))).toBe(false);
    expect(isIgnored(error('Failed to load', { url: '/assets/index-a.js' }))).toBe(false);
  });

  it('reports an ordinary script error', () => {
    expect(isIgnored(error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });
});

describe('captureThrown', () => {
  it('keeps message and stack of an Error', () => {
    const thrown = new TypeError('x is undefined');
    expect(captureThrown('rejection', thrown)).toMatchObject({
      kind: 'rejection',
      message: 'x is undefined',
      stack: thrown.stack,
    });
  });

  it('words API failures like the original library, so the rules ignore them; timeouts are kept', () => {
    const cases = [
      new ApiError('cancel', '请求已取消'),
      new ApiError('network', '网络请求错误'),
      new ApiError('http', '接口请求失败', { status: 500 }),
      new ApiError('http', '登录状态已过期', { status: 401 }),
      new ApiError('business', '门店不存在', { errorCode: 'NOT_FOUND' }),
    ];
    for (const thrown of cases) expect(isIgnored(captureThrown('rejection', thrown))).toBe(true);

    const timeout = captureThrown('rejection', new ApiError('timeout', '网络请求超时'));
    expect(timeout.kind).toBe('timeout');
    expect(isIgnored(timeout)).toBe(false);
  });

  it('describes strings and other values', () => {
    expect(captureThrown('rejection', 'boom').message).toBe('boom');
    expect(captureThrown('rejection', { code: 7 }).message).toBe('{"code":7}');
    expect(captureThrown('rejection', undefined).message).toBe('undefined');
  });
});

describe('safePageUrl', () => {
  it('drops token-like parameters and the fragment, keeps the rest', () => {
    expect(
      safePageUrl('https://c.example.com/store/detail?id=7&token=abc&externalToken=x&smsCode=1#top'),
    ).toBe('https://c.example.com/store/detail?id=7');
    expect(safePageUrl('https://c.example.com/login?redirect=%2Fdashboard&password=x')).toBe(
      'https://c.example.com/login?redirect=%2Fdashboard',
    );
  });

  it('answers empty for something that is not a URL', () => {
    expect(safePageUrl('not a url')).toBe('');
  });
});
