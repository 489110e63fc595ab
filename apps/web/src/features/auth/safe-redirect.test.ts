import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/order/list?status=1&page=2', '/order/list?status=1&page=2'],
    ['/member#top', '/member#top'],
    ['/a/../b', '/b'],
    ['/%E4%BC%9A%E5%91%98', '/%E4%BC%9A%E5%91%98'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.example.com',
    '//evil.example.com/path',
    '/\\evil.example.com',
    '\\\\evil.example.com',
    'https://evil.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/\t/evil.example.com',
    '/\n/evil.example.com',
    ' /dashboard',
    '/login',
    '/login?redirect=/x',
  ])('falls back to / for %j', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example.com', '/dashboard')).toBe('/dashboard');
  });
});
