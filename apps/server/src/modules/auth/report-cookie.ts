import { CLIENT_ERROR_PATHS } from '@console/contract';

/** The spec's token cookie name (spec 3). */
export const TOKEN_COOKIE = 'EL-ADMIN-TOEKN';
const ONE_DAY_S = 24 * 60 * 60;

/**
 * The session token as a cookie only the error report endpoint receives: `navigator.sendBeacon` cannot set an
 * Authorization header, so a report from a closing page identifies its user this way. HttpOnly and scoped to
 * that one path, no script can read it and no other request carries it.
 */
export function reportCookie(token: string, secure: boolean): string {
  return cookie(encodeURIComponent(token), ONE_DAY_S, secure);
}

export function clearedReportCookie(secure: boolean): string {
  return cookie('', 0, secure);
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  const attributes = [
    `Path=${CLIENT_ERROR_PATHS.report}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attributes.push('Secure');
  return [`${TOKEN_COOKIE}=${value}`, ...attributes].join('; ');
}
