import { expect } from 'vitest';
import { injectAs, type ApiMethod as Method } from './fixtures.js';
import type { TestApp } from './test-app.js';

export type { ApiMethod as Method } from './fixtures.js';
export const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * Calls of an administration API test from one client IP (the audit rows record it): the input goes in the
 * query of a GET or DELETE, else in the body. `app` and `token` are read at each call (set in `beforeAll`).
 */
export function adminCalls(app: () => TestApp, token: () => string, ip: string) {
  const send = (method: Method, url: string, as: string | null, input: Record<string, unknown> = {}) =>
    injectAs(app().app, method, url, as, input, ip);
  /** A 200, answering its data. */
  async function ok<T>(method: Method, url: string, input: Record<string, unknown> = {}, as = token()) {
    const response = await send(method, url, as, input);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  }
  /** A refusal with `status` and a Chinese message matching `message`. */
  async function refused(
    method: Method,
    url: string,
    input: Record<string, unknown>,
    status: number,
    message: RegExp,
    as = token(),
  ) {
    const response = await send(method, url, as, input);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorMsg).toMatch(CHINESE);
    expect(response.json().errorMsg).toMatch(message);
    return response.json() as { errorCode: string; errorMsg: string };
  }
  return { send, ok, refused };
}
