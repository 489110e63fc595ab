import { describe, expect, it } from 'vitest';
import { asPicture, missingModuleClasses } from './prerender';

describe('asPicture', () => {
  it('makes the drawn copy inert and its fields read-only, until the client replaces it', () => {
    const html =
      '<form><input type="text" value="a"/><input/><inputmode></inputmode><button>登录</button></form>';
    expect(asPicture(html)).toBe(
      '<div inert><form><input readonly type="text" value="a"/><input readonly/><inputmode></inputmode>' +
        '<button>登录</button></form></div>',
    );
  });
});

describe('missingModuleClasses', () => {
  const css = '._page_xy9zs_1{display:flex}._title_xy9zs_12:hover{color:red}';

  it('finds none when every CSS-module class of the markup is in the build', () => {
    const html =
      '<div class="_page_xy9zs_1 ant-btn css-var-root"><h1 class="_title_xy9zs_12">欢迎</h1></div>';
    expect(missingModuleClasses(html, css)).toEqual([]);
  });

  it('names the module classes the client build does not define (a Node build hashing differently)', () => {
    const html = '<div class="_page_ab12c_1"><span class="_title_xy9zs_12 anticon"></span></div>';
    expect(missingModuleClasses(html, css)).toEqual(['_page_ab12c_1']);
  });
});
