import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRememberedAccount, rememberAccount } from './remembered-account';

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

beforeEach(clearCookies);
afterEach(() => vi.restoreAllMocks());

describe('remembered account', () => {
  it('keeps only the account name, for 30 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    rememberAccount('zhangsan', true);
    expect(readRememberedAccount()).toBe('zhangsan');
    expect(set).toHaveBeenCalledTimes(1);
    expect(set).toHaveBeenCalledWith('username', 'zhangsan', expect.objectContaining({ expires: 30 }));
    expect(Object.keys(Cookies.get())).toEqual(['username']);
  });

  it('forgets the account when not remembered', () => {
    rememberAccount('zhangsan', true);
    rememberAccount('zhangsan', false);
    expect(readRememberedAccount()).toBeNull();
  });

  it('removes a password an old version left in a cookie', () => {
    Cookies.set('password', 'ENCRYPTED');
    Cookies.set('rememberMe', 'true');
    rememberAccount('zhangsan', true);
    expect(Cookies.get('password')).toBeUndefined();
    expect(Cookies.get('rememberMe')).toBeUndefined();
  });
});
