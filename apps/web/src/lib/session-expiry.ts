import Cookies from 'js-cookie';

/** Set before the reload that follows a 401 (spec 8), so the login page can say why the user is there. */
const REQUEST_POINT_COOKIE = 'requestPoint';

export function markSessionExpired(): void {
  Cookies.set(REQUEST_POINT_COOKIE, '401', { sameSite: 'strict' });
}

export function isSessionExpiredMarked(): boolean {
  return Cookies.get(REQUEST_POINT_COOKIE) === '401';
}

export function clearSessionExpiredMark(): void {
  Cookies.remove(REQUEST_POINT_COOKIE);
}
