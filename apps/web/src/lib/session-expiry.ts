import Cookies from 'js-cookie';

/** Set before the reload that follows a 401 (spec 8), so the login page can say why the user is there. */
const REQUEST_POINT_COOKIE = 'requestPoint';

export function markSessionExpired(): void {
  Cookies.set(REQUEST_POINT_COOKIE, '401', { sameSite: 'strict' });
}

/** Whether the last page ended on a 401; reading clears the mark. */
export function takeSessionExpiredMark(): boolean {
  const expired = Cookies.get(REQUEST_POINT_COOKIE) === '401';
  Cookies.remove(REQUEST_POINT_COOKIE);
  return expired;
}
