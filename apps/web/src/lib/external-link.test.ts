import { describe, expect, it } from 'vitest';
import { externalLinkUrl, isExternalLink } from './external-link';

const hosts = ['ai.example.com'];

describe('externalLinkUrl', () => {
  it('appends the token for allow-listed hosts, with ? or &', () => {
    expect(externalLinkUrl('https://ai.example.com/chat', 'T1', hosts)).toBe(
      'https://ai.example.com/chat?token=T1',
    );
    expect(externalLinkUrl('https://ai.example.com/chat?a=1#top', 'T1', hosts)).toBe(
      'https://ai.example.com/chat?a=1&token=T1#top',
    );
  });

  it('opens other http(s) hosts without the token', () => {
    expect(externalLinkUrl('https://docs.other.org/x', 'T1', hosts)).toBe('https://docs.other.org/x');
    expect(externalLinkUrl('https://ai.example.com.evil.io/x', 'T1', hosts)).toBe(
      'https://ai.example.com.evil.io/x',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '/relative', 'not a url', 'vbscript:x'])(
    'refuses %s',
    (raw) => {
      expect(externalLinkUrl(raw, 'T1', hosts)).toBeNull();
    },
  );
});

describe('isExternalLink', () => {
  it('recognises http, https, mailto and tel', () => {
    expect(['https://a.com', 'http://a.com', 'mailto:a@b.c', 'tel:110'].every(isExternalLink)).toBe(true);
    expect(isExternalLink('/system/user')).toBe(false);
  });
});
