import Cookies from 'js-cookie';

/** "记住密码" keeps the account name only (DESIGN 4); a password never goes into the browser's storage. */
const ACCOUNT_COOKIE = 'username';
const REMEMBER_DAYS = 30;
/** eladmin kept an encrypted password in these; remove them wherever an old install left them. */
const LEGACY_COOKIES = ['password', 'rememberMe'];

export function readRememberedAccount(): string | null {
  return Cookies.get(ACCOUNT_COOKIE) ?? null;
}

/** After a successful sign-in: keep the account name for 30 days, or forget it. */
export function rememberAccount(username: string, remember: boolean): void {
  if (remember) {
    Cookies.set(ACCOUNT_COOKIE, username, {
      expires: REMEMBER_DAYS,
      sameSite: 'strict',
      secure: window.location.protocol === 'https:',
    });
  } else {
    Cookies.remove(ACCOUNT_COOKIE);
  }
  for (const name of LEGACY_COOKIES) Cookies.remove(name);
}
