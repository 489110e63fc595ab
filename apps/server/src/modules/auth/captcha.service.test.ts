import { describe, expect, it } from 'vitest';
import { normalizeCaptchaAnswer, randomCaptchaText } from './captcha.service.js';

describe('randomCaptchaText', () => {
  it('draws four characters people do not confuse', () => {
    for (let i = 0; i < 500; i += 1) expect(randomCaptchaText()).toMatch(/^[A-HJ-NP-Za-hj-kmnp-z2-9]{4}$/);
  });
});

describe('normalizeCaptchaAnswer', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normalizeCaptchaAnswer(' AbC9 ')).toBe('abc9');
  });
});
