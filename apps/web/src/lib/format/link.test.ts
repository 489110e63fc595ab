import { describe, expect, it } from 'vitest';
import { appendToken, isExternal, isSafeHttpUrl } from './link';

describe('isExternal', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b=c',
    'HTTPS://EXAMPLE.COM',
    'Http://x',
    'mailto:service@example.com',
    'MAILTO:a@b.c',
    'tel:400-000-0000',
    'TEL:13800000001',
    '  https://example.com  ',
  ])('%j is external', (path) => {
    expect(isExternal(path)).toBe(true);
  });

  it.each([
    '/dashboard',
    'dashboard',
    '',
    '   ',
    '//example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'sms:10086',
    'httpx://example.com',
    '/redirect?to=https://example.com',
    null,
    undefined,
  ])('%j is not external', (path) => {
    expect(isExternal(path)).toBe(false);
  });
});

describe('isSafeHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'https://example.com/',
    'HTTPS://Example.COM/Path?q=1#top',
    'https://sub.example.com:8443/a/b?c=d&e=f#g',
    'http://localhost:5173/',
    'http://127.0.0.1:8080/api',
    'http://[::1]:3000/',
    'https://xn--fiqs8s.cn/',
    'https://example.com.',
    'https://example.com?x=1',
    'https://example.com#frag',
    '  https://example.com/with-spaces-around  ',
    'https://example.com/%E4%B8%AD%E6%96%87?q=%20',
  ])('accepts %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript upper case', 'JavaScript:alert(1)'],
    ['javascript with http inside', 'javascript://https://example.com/%0aalert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript scheme', 'vbscript:msgbox(1)'],
    ['file scheme', 'file:///etc/passwd'],
    ['ftp scheme', 'ftp://example.com'],
    ['mailto', 'mailto:a@b.c'],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/https://example.com'],
    ['relative path', '/dashboard'],
    ['no slashes', 'https:evil.com'],
    ['one slash', 'https:/evil.com'],
    ['three slashes', 'https:///evil.com'],
    ['backslashes', 'https:\\\\evil.com'],
    ['slash and backslash', 'https:/\\evil.com'],
    ['backslash in path', 'https://example.com\\@evil.com'],
    ['tab inside scheme', 'java\tscript:alert(1)'],
    ['newline inside scheme', 'java\nscript:alert(1)'],
    ['tab inside http scheme', 'ht\ttps://example.com'],
    ['leading control character', '\u0001https://example.com'],
    ['NUL', 'https://example.com\u0000.evil.com'],
    ['space in host', 'https://exa mple.com'],
    ['newline in path', 'https://example.com/a\nb'],
    ['zero-width space', 'https://exa\u200Bmple.com'],
    ['bidi override', 'https://example.com/\u202Emoc.live'],
    ['BOM', '\uFEFFjavascript:alert(1)'],
    ['user info', 'https://example.com@evil.com'],
    ['user info with password', 'https://user:pass@example.com'],
    ['percent-encoded host', 'https://%65vil.com'],
    ['full-width scheme', 'ｈｔｔｐｓ://example.com'],
    ['full-width dot in host', 'https://example。com'],
    ['Cyrillic look-alike host', 'https://аpple.com'],
    ['Chinese host', 'https://例子.中国'],
    ['empty host', 'http://'],
    ['empty host with path', 'http:///path'],
    ['only a port', 'https://:443'],
    ['empty label', 'https://example..com'],
    ['label starting with hyphen', 'https://-example.com'],
    ['label ending with hyphen', 'https://example-.com'],
    ['underscore host', 'https://ex_ample.com'],
    ['port out of range', 'https://example.com:99999'],
    ['port not numeric', 'https://example.com:abc'],
    ['empty string', ''],
    ['blank string', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s', (_label, url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });
});

describe('appendToken', () => {
  const ALLOW = ['ourhost.com', 'report.ourhost.com', 'localhost:5173'];

  it('appends with ? when there is no query', () => {
    expect(appendToken('https://ourhost.com/page', 'abc', ALLOW)).toBe('https://ourhost.com/page?token=abc');
    expect(appendToken('https://ourhost.com', 'abc', ALLOW)).toBe('https://ourhost.com?token=abc');
  });

  it('appends with & when there is a query', () => {
    expect(appendToken('https://ourhost.com/page?a=1', 'abc', ALLOW)).toBe(
      'https://ourhost.com/page?a=1&token=abc',
    );
    expect(appendToken('https://ourhost.com/page?a=1&b=2', 'abc', ALLOW)).toBe(
      'https://ourhost.com/page?a=1&b=2&token=abc',
    );
  });

  it('does not double separators after a trailing ? or &', () => {
    expect(appendToken('https://ourhost.com/page?', 'abc', ALLOW)).toBe('https://ourhost.com/page?token=abc');
    expect(appendToken('https://ourhost.com/page?a=1&', 'abc', ALLOW)).toBe(
      'https://ourhost.com/page?a=1&token=abc',
    );
  });

  it('keeps the hash fragment at the end', () => {
    expect(appendToken('https://ourhost.com/#/orders?id=1', 'abc', ALLOW)).toBe(
      'https://ourhost.com/?token=abc#/orders?id=1',
    );
    expect(appendToken('https://ourhost.com/p?a=1#sec', 'abc', ALLOW)).toBe(
      'https://ourhost.com/p?a=1&token=abc#sec',
    );
    expect(appendToken('https://ourhost.com/p#', 'abc', ALLOW)).toBe('https://ourhost.com/p?token=abc#');
  });

  it('replaces an existing token instead of adding a second one', () => {
    expect(appendToken('https://ourhost.com/p?token=old&a=1', 'new', ALLOW)).toBe(
      'https://ourhost.com/p?a=1&token=new',
    );
    expect(appendToken('https://ourhost.com/p?token&a=1', 'new', ALLOW)).toBe(
      'https://ourhost.com/p?a=1&token=new',
    );
    expect(appendToken('https://ourhost.com/p?mytoken=1', 'new', ALLOW)).toBe(
      'https://ourhost.com/p?mytoken=1&token=new',
    );
  });

  it('encodes the token and supports another parameter name', () => {
    expect(appendToken('https://ourhost.com/p', 'a b&c=d/+', ALLOW)).toBe(
      'https://ourhost.com/p?token=a%20b%26c%3Dd%2F%2B',
    );
    expect(appendToken('https://ourhost.com/p', 'abc', ALLOW, 'Authorization')).toBe(
      'https://ourhost.com/p?Authorization=abc',
    );
  });

  it('matches the host case-insensitively, on any port unless the entry names one', () => {
    expect(appendToken('https://OURHOST.com/p', 'abc', ALLOW)).toBe('https://OURHOST.com/p?token=abc');
    expect(appendToken('https://ourhost.com:8443/p', 'abc', ALLOW)).toBe(
      'https://ourhost.com:8443/p?token=abc',
    );
    expect(appendToken('http://localhost:5173/', 'abc', ALLOW)).toBe('http://localhost:5173/?token=abc');
    expect(appendToken('http://localhost:3000/', 'abc', ALLOW)).toBe('http://localhost:3000/');
    expect(appendToken('https://ourhost.com/p', 'abc', [' OurHost.COM '])).toBe(
      'https://ourhost.com/p?token=abc',
    );
  });

  it.each([
    'https://evil-ourhost.com/p',
    'https://ourhost.com.evil.com/p',
    'https://evil.com/ourhost.com',
    'https://evil.com/?next=https://ourhost.com',
    'https://evil.com/#ourhost.com',
    'https://notourhost.com/p',
    'https://api.ourhost.com/p',
    'https://ourhost.co/p',
    'https://ourhost.com./p',
  ])('leaves %j without a token: host not exactly allowed', (url) => {
    expect(appendToken(url, 'abc', ALLOW)).toBe(url);
  });

  it.each([
    'javascript:alert(1)//ourhost.com',
    '//ourhost.com/p',
    'https://evil.com@ourhost.com/p',
    'https://ourhost.com@evil.com/p',
    'https:\\\\ourhost.com',
    'java\tscript:alert(1)',
    'data:text/html,ourhost.com',
    '',
    null,
    undefined,
  ])('returns null for the unsafe url %j', (url) => {
    expect(appendToken(url, 'abc', ALLOW)).toBeNull();
  });

  it('returns the trimmed url unchanged for an empty token or an empty allow-list', () => {
    expect(appendToken(' https://ourhost.com/p ', '', ALLOW)).toBe('https://ourhost.com/p');
    expect(appendToken('https://ourhost.com/p', null, ALLOW)).toBe('https://ourhost.com/p');
    expect(appendToken('https://ourhost.com/p', undefined, ALLOW)).toBe('https://ourhost.com/p');
    expect(appendToken('https://ourhost.com/p', 'abc', [])).toBe('https://ourhost.com/p');
    expect(appendToken('https://ourhost.com/p', 'abc', ['', '  '])).toBe('https://ourhost.com/p');
  });

  it('the result is still a safe URL on the same host', () => {
    const result = appendToken('https://report.ourhost.com/a?b=1#c', 'x.y.z', ALLOW);
    expect(result).toBe('https://report.ourhost.com/a?b=1&token=x.y.z#c');
    expect(isSafeHttpUrl(result)).toBe(true);
    expect(new URL(result ?? '').searchParams.get('token')).toBe('x.y.z');
  });
});
