import { afterEach, describe, expect, it, vi } from 'vitest';
import { openExternalLink } from './external-link';

afterEach(() => vi.restoreAllMocks());

describe('openExternalLink', () => {
  it('opens our own host with the token, in a new tab without opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalLink(`${window.location.origin}/report?a=1`, 'T1')).toBe(true);
    expect(open).toHaveBeenCalledWith(
      `${window.location.origin}/report?a=1&token=T1`,
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('opens a foreign host without the token', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openExternalLink('https://help.example.com/guide', 'T1');
    expect(open).toHaveBeenCalledWith('https://help.example.com/guide', '_blank', 'noopener,noreferrer');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '/relative', '//evil.example.com'])(
    'refuses %s',
    (raw) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      expect(openExternalLink(raw, 'T1')).toBe(false);
      expect(open).not.toHaveBeenCalled();
    },
  );
});
