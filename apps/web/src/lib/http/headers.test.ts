import { describe, expect, it } from 'vitest';
import { createHttpClient } from './client';
import { buildCallerHeaders, isAbsoluteUrl } from './headers';
import { fakeAdapter, fakeDeps, ok } from './testing';

const identity = { userName: '张三', workCode: 'W 001', mobile: '13800000000', storeCode: 'S&01' };

describe('buildCallerHeaders', () => {
  it('percent-encodes every custom header value', () => {
    expect(buildCallerHeaders('tok', identity)).toEqual({
      'X-App-Name': '%E9%97%A8%E5%BA%97%E8%BF%90%E8%90%A5%E4%BA%91%E5%B9%B3%E5%8F%B0',
      'X-App-Code': 'store-console',
      'X-User-Name': '%E5%BC%A0%E4%B8%89',
      'X-Work-Code': 'W%20001',
      'X-Mobile': '13800000000',
      'X-Store-Code': 'S%2601',
      'X-Channel': 'pc',
      Authorization: 'Bearer tok',
      externalToken: 'tok',
    });
    expect(decodeURIComponent(buildCallerHeaders(null, identity)['X-App-Name'] ?? '')).toBe('门店运营云平台');
  });

  it('sends no token headers without a token', () => {
    const headers = buildCallerHeaders(null, identity);
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('externalToken');
  });
});

describe('headers on calls', () => {
  function setup() {
    const fake = fakeAdapter(() => ok(null));
    const http = createHttpClient(fakeDeps(), fake.adapter);
    const headersOf = (i: number) => fake.calls[i]?.headers.toJSON() ?? {};
    return { http, headersOf };
  }

  it('sends token and identity to our own origin', async () => {
    const { http, headersOf } = setup();
    await http.get('/feo/x');
    expect(headersOf(0)).toMatchObject({
      Authorization: 'Bearer tok-123',
      externalToken: 'tok-123',
      'X-Store-Code': 'S01',
      'X-User-Name': encodeURIComponent('张三'),
      'X-Channel': 'pc',
    });
  });

  it('sends them to an allow-listed business host', async () => {
    const { http, headersOf } = setup();
    await http.post('https://biz.example.com/tec/order/list', {});
    expect(headersOf(0)).toMatchObject({ externalToken: 'tok-123' });
  });

  it('never sends them to a foreign host', async () => {
    const { http, headersOf } = setup();
    await http.get('https://evil.example.org/steal');
    await http.get('//evil.example.org/steal');
    for (const i of [0, 1]) {
      expect(headersOf(i)).not.toHaveProperty('Authorization');
      expect(headersOf(i)).not.toHaveProperty('externalToken');
      expect(headersOf(i)).not.toHaveProperty('X-Mobile');
    }
  });
});

describe('isAbsoluteUrl', () => {
  it('tells absolute and protocol-relative URLs from paths', () => {
    expect(isAbsoluteUrl('https://a.com/x')).toBe(true);
    expect(isAbsoluteUrl('//a.com/x')).toBe(true);
    expect(isAbsoluteUrl('/feo/x')).toBe(false);
    expect(isAbsoluteUrl('auth/info')).toBe(false);
  });
});
