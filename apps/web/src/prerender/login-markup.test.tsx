import { describe, expect, it } from 'vitest';
import { render } from './login-markup';

describe('the sign-in page drawn at build time', () => {
  it('draws the password form with the antd styles it uses', () => {
    const injected = () => document.head.querySelectorAll('style[data-css-hash]').length;
    const before = injected();
    const page = render();
    expect(page.html).toContain('data-testid="tab-password"');
    expect(page.html).toContain('data-testid="login-username"');
    expect(page.html).toContain('欢迎');
    // Collected from the render, not injected into the document.
    expect(page.css).toContain('.ant-btn');
    expect(injected()).toBe(before);
  });
});
