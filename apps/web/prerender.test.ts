import { describe, expect, it } from 'vitest';
import { prerenderedMarkup } from './prerender';

describe('prerenderedMarkup', () => {
  const markup = prerenderedMarkup({
    html: '<form data-testid="password-login-form"><input data-testid="login-username" placeholder="账号"></form>',
    css: '.ant-btn{color:red}',
  });

  it('puts the page in an inert element of its own, over the app root', () => {
    expect(markup).toMatch(/<div id="prerendered" inert><form><input placeholder="账号"><\/form><\/div>$/);
    expect(markup).toContain('#prerendered{position:fixed;inset:0;');
  });

  it('keeps the styles and drops the test ids, which belong to the real page only', () => {
    expect(markup.startsWith('<style>.ant-btn{color:red}')).toBe(true);
    expect(markup).not.toContain('data-testid');
  });
});
