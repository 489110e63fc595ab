import { describe, expect, it } from 'vitest';
import { noticePlainText, sanitizeNoticeHtml } from './notice-html.js';

describe('sanitizeNoticeHtml', () => {
  it('keeps formatting, lists and tables', () => {
    const html =
      '<h2>标题</h2><p><strong>加粗</strong> <em>斜体</em> <u>下划线</u></p><ul><li>一</li></ul>' +
      '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('drops script and style with their content', () => {
    expect(sanitizeNoticeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });

  it('drops event handlers, style and class attributes', () => {
    expect(
      sanitizeNoticeHtml('<p onclick="x()" style="color:red" class="c">a</p><img src=x onerror=alert(1)>'),
    ).toBe('<p>a</p>');
  });

  it('refuses javascript:, data: and protocol-relative links but keeps http(s)', () => {
    expect(sanitizeNoticeHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeNoticeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).not.toContain('alert');
    expect(sanitizeNoticeHtml('<a href="data:text/html,<script>">x</a>')).not.toContain('data:');
    expect(sanitizeNoticeHtml('<a href="//evil.example">x</a>')).not.toContain('evil');
    expect(sanitizeNoticeHtml('<a href="https://example.com/a?b=1">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('drops iframes, forms and svg', () => {
    expect(
      sanitizeNoticeHtml('<iframe src="https://x"></iframe><form><input></form><svg onload=1></svg>b'),
    ).toBe('b');
  });
});

describe('noticePlainText', () => {
  it('gives the words with blocks separated', () => {
    expect(noticePlainText('<p>第一段</p><p>第二&amp;段</p><script>x</script>')).toBe('第一段 第二&段');
  });
  it('is empty for markup alone', () => {
    expect(noticePlainText('<p><br></p>')).toBe('');
  });
});
