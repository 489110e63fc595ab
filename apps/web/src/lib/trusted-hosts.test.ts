import { describe, expect, it } from 'vitest';
import { isTrustedUrl } from './trusted-hosts';

const hosts = ['store.example.com', 'ai.example.com'];
const origin = 'https://store.example.com';

describe('isTrustedUrl', () => {
  it('accepts our hosts over http(s), and relative URLs', () => {
    expect(isTrustedUrl('https://ai.example.com/chat?x=1', hosts, origin)).toBe(true);
    expect(isTrustedUrl('http://AI.example.com', hosts, origin)).toBe(true);
    expect(isTrustedUrl('/feo/x', hosts, origin)).toBe(true);
  });

  it.each([
    'https://ai.example.com.evil.io/',
    'https://evil-ai.example.com/',
    'https://ai.example.com@evil.io/',
    '//evil.io/x',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://ai.example.com/',
    'http://[broken',
  ])('rejects %s', (url) => {
    expect(isTrustedUrl(url, hosts, origin)).toBe(false);
  });
});
