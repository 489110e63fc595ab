import { AUTH_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, sessions, smsCodes, users } from '../../db/schema.js';
import {
  bearer,
  createUser,
  GOOD_PASSWORD,
  latestSmsCode,
  nextIp,
  passwordLogin,
  recordResponses,
  setEnabled,
  signIn,
  solvedCaptcha,
  type RecordedResponse,
} from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  HARD_CAPTCHA_AFTER,
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
} from './login-limiter.js';
import { createSessionService, SESSION_LIFETIME_MS } from './session.service.js';
import { sha256 } from './token.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let recorded: RecordedResponse[];

beforeAll(async () => {
  t = await createTestApp();
  recorded = recordResponses(t.app);
});
afterAll(() => t.close());

const info = (token: string) => t.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers: bearer(token) });

describe('GET /auth/code', () => {
  it('answers an SVG data URL and a uuid, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json();
    expect(data.img).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(data).sort()).toEqual(['img', 'uuid']);
  });
});

describe('POST /auth/ljyPwdLogin', () => {
  it('signs in: token, user and roles; the account name is case-insensitive', async () => {
    const user = await createUser(t.db, { roles: ['store_manager'] });
    const response = await passwordLogin(t.app, {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ result: 0, errorMsg: null, errorCode: null });
    expect(body.data.user).toEqual({
      id: user.id,
      username: user.username,
      nickName: expect.any(String),
      workCode: expect.any(String),
      phone: user.phone,
      avatarPath: '',
    });
    expect(body.data.roles).toEqual(['store_manager']);
    expect(Object.keys(body.data).sort()).toEqual(['roles', 'token', 'user']);
  });

  it('issues a token of at least 128 bits and stores only its SHA-256', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    const everySession = JSON.stringify(await t.db.select().from(sessions));
    expect(everySession).not.toContain(token);
  });

  it('stores argon2id hashes with m=19456 and t=2', async () => {
    const user = await createUser(t.db);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash.startsWith('$argon2id$v=19$m=19456,t=2')).toBe(true);
  });

  it('answers unknown account, wrong password and disabled account byte for byte the same', async () => {
    const known = await createUser(t.db);
    const disabled = await createUser(t.db, { enabled: false });
    const unknown = await passwordLogin(t.app, { username: 'nobody-here', password: GOOD_PASSWORD });
    const wrong = await passwordLogin(t.app, { username: known.username, password: 'Wrong#pass1' });
    const off = await passwordLogin(t.app, { username: disabled.username, password: disabled.password });
    for (const response of [unknown, wrong, off]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(unknown.body);
    }
    expect(unknown.json()).toEqual({
      result: 1,
      data: null,
      errorCode: 'BAD_CREDENTIALS',
      errorMsg: '账号或密码错误',
    });
  });

  it('audits success and failure', async () => {
    const user = await createUser(t.db);
    await passwordLogin(t.app, { username: user.username, password: 'Wrong#pass1' });
    await signIn(t.app, user);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.target, user.username));
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.login.failure', 'auth.login.success']);
    expect(rows.find((r) => r.action === 'auth.login.failure')!.detail).toEqual({
      method: 'password',
      reason: 'bad_password',
    });
  });

  describe('captcha', () => {
    const loginWith = (
      captcha: { uuid: string; answer: string },
      user: { username: string; password: string },
    ) =>
      t.app.inject({
        method: 'POST',
        url: AUTH_PATHS.passwordLogin,
        remoteAddress: nextIp(),
        payload: {
          username: user.username,
          password: user.password,
          code: captcha.answer,
          uuid: captcha.uuid,
        },
      });

    it('accepts the answer in any letter case', async () => {
      const user = await createUser(t.db);
      const captcha = await solvedCaptcha(t.app);
      const response = await loginWith(
        { uuid: captcha.uuid, answer: ` ${captcha.answer.toUpperCase()} ` },
        user,
      );
      expect(response.statusCode).toBe(200);
    });

    it('rejects a wrong answer with 400 and consumes the captcha', async () => {
      const user = await createUser(t.db);
      const captcha = await solvedCaptcha(t.app);
      const wrong = await loginWith({ uuid: captcha.uuid, answer: 'zzzz' }, user);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errorCode: 'CAPTCHA_INVALID', errorMsg: '验证码错误或已过期' });
      const retry = await loginWith(captcha, user);
      expect(retry.statusCode).toBe(400);
    });

    it('is single use', async () => {
      const user = await createUser(t.db);
      const captcha = await solvedCaptcha(t.app);
      expect((await loginWith(captcha, user)).statusCode).toBe(200);
      expect((await loginWith(captcha, user)).json().errorCode).toBe('CAPTCHA_INVALID');
    });

    it('expires after 2 minutes', async () => {
      const user = await createUser(t.db);
      const captcha = await solvedCaptcha(t.app);
      t.clock.advance(2 * MINUTE + 1000);
      expect((await loginWith(captcha, user)).json().errorCode).toBe('CAPTCHA_INVALID');
    });

    it('rejects an unknown uuid', async () => {
      const user = await createUser(t.db);
      expect((await loginWith({ uuid: 'not-a-captcha', answer: 'abcd' }, user)).statusCode).toBe(400);
    });

    it('is checked before the password, so a wrong captcha never counts as a failed sign-in', async () => {
      const user = await createUser(t.db);
      for (let i = 0; i < 12; i += 1) {
        await loginWith(
          { uuid: 'missing', answer: 'x' },
          { username: user.username, password: 'Wrong#pass1' },
        );
      }
      expect((await passwordLogin(t.app, user)).statusCode).toBe(200);
    });
  });

  it.each([
    ['missing fields', {}, '缺少参数 username'],
    ['empty account', { username: ' ', password: 'x', code: 'abcd', uuid: 'u' }, '请输入账号'],
    ['empty password', { username: 'a', password: '', code: 'abcd', uuid: 'u' }, '请输入密码'],
    [
      'password of the wrong type',
      { username: 'a', password: 123, code: 'abcd', uuid: 'u' },
      '参数 password 格式不正确',
    ],
    [
      'overlong account',
      { username: 'a'.repeat(65), password: 'x', code: 'abcd', uuid: 'u' },
      '账号不能超过64位',
    ],
    ['a JSON array', [], '请求参数格式不正确'],
  ])('rejects %s with a Chinese 400', async (_case, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: AUTH_PATHS.passwordLogin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: 1, errorCode: 'VALIDATION_FAILED', errorMsg: message });
  });
});

describe('failure limits', () => {
  const wrong = (username: string, i = 0) => ({ username, password: `Wrong#pass${i}` });

  it('asks for the harder captcha once an account has failed 5 times from anywhere', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < HARD_CAPTCHA_AFTER; i += 1)
      expect((await passwordLogin(t.app, wrong(user.username, i))).statusCode).toBe(401);
    const refused = await passwordLogin(t.app, user);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'CAPTCHA_HARDER',
      errorMsg: '该账号近期登录失败较多，请输入新的6位验证码',
    });
    const hard = await solvedCaptcha(t.app, nextIp(), 'hard');
    expect(hard.answer).toHaveLength(6);
    expect((await passwordLogin(t.app, user, nextIp(), 'hard')).statusCode).toBe(200);
  });

  it('stops one address guessing one account after 10 failures while the owner elsewhere signs in', async () => {
    const user = await createUser(t.db);
    const guesser = nextIp();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i += 1) {
      const failed = await passwordLogin(t.app, wrong(user.username, i), guesser, 'hard');
      expect(failed.statusCode).toBe(401);
      t.clock.advance(1000);
    }
    const locked = await passwordLogin(t.app, user, guesser, 'hard');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      result: 1,
      errorCode: 'LOGIN_LOCKED',
      errorMsg: '登录失败次数过多，请15分钟后再试，或使用短信验证码登录',
    });
    // The oldest failure leaves the window 15 minutes after it happened, 10 seconds ago.
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60 - 10);
    expect((await passwordLogin(t.app, user, nextIp(), 'hard')).statusCode).toBe(200);

    t.clock.advance(LOGIN_WINDOW_MS - 10 * 1000 - 1000);
    expect((await passwordLogin(t.app, user, guesser, 'hard')).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await passwordLogin(t.app, user, guesser, 'hard')).statusCode).toBe(200);
  });

  it('locks only the password path of an account under a distributed attack, never SMS sign-in', async () => {
    const user = await createUser(t.db);
    const now = t.clock();
    await t.db.insert(loginAttempts).values(
      Array.from({ length: MAX_FAILURES_PER_ACCOUNT }, (_, i) => ({
        account: user.username,
        ip: `198.18.${Math.floor(i / 250)}.${i % 250}`,
        succeeded: false,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    const locked = await passwordLogin(t.app, user, nextIp(), 'hard');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('LOGIN_LOCKED');

    await t.app.inject({ method: 'POST', url: AUTH_PATHS.sendCode, payload: { phone: user.phone } });
    const code = await latestSmsCode(t.app, user.phone);
    const bySms = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.codeLogin,
      payload: { phone: user.phone, code },
    });
    expect(bySms.statusCode).toBe(200);
  });

  it('lets no more than 5 concurrent guesses with ordinary captchas reach the password check', async () => {
    const user = await createUser(t.db);
    const captchas = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha(t.app)));
    const responses = await Promise.all(
      captchas.map((captcha, i) =>
        t.app.inject({
          method: 'POST',
          url: AUTH_PATHS.passwordLogin,
          remoteAddress: nextIp(),
          payload: { ...wrong(user.username, i), code: captcha.answer, uuid: captcha.uuid },
        }),
      ),
    );
    const checked = responses.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(HARD_CAPTCHA_AFTER);
    const harder = responses.filter((r) => r.json().errorCode === 'CAPTCHA_HARDER').length;
    expect(checked + harder).toBe(20);
  });

  it('throttles unknown account names the same way, so a refusal reveals nothing', async () => {
    const ip = nextIp();
    for (let i = 0; i < HARD_CAPTCHA_AFTER; i += 1)
      await passwordLogin(t.app, { username: 'ghost-account', password: GOOD_PASSWORD }, ip);
    const harder = await passwordLogin(t.app, { username: 'GHOST-account', password: GOOD_PASSWORD }, ip);
    expect(harder.json().errorCode).toBe('CAPTCHA_HARDER');
    for (let i = HARD_CAPTCHA_AFTER; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i += 1)
      await passwordLogin(t.app, { username: 'ghost-account', password: GOOD_PASSWORD }, ip, 'hard');
    const locked = await passwordLogin(
      t.app,
      { username: 'GHOST-account', password: GOOD_PASSWORD },
      ip,
      'hard',
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('LOGIN_LOCKED');
  });

  it('locks an address after 50 failures across accounts in 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 50; i += 1) {
      const failed = await passwordLogin(t.app, { username: `spray-${i}`, password: 'Wrong#pass1' }, ip);
      expect(failed.statusCode).toBe(401);
    }
    const user = await createUser(t.db);
    const locked = await passwordLogin(t.app, user, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorMsg).toBe('当前网络登录失败次数过多，请15分钟后再试');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is fine.
    expect((await passwordLogin(t.app, user)).statusCode).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await passwordLogin(t.app, user, ip)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /auth/info answers the user and roles of the token', async () => {
    const user = await createUser(t.db, { roles: ['clerk', 'auditor'] });
    const token = await signIn(t.app, user);
    const response = await info(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user: expect.objectContaining({ id: user.id, username: user.username, phone: user.phone }),
      roles: ['auditor', 'clerk'],
    });
  });

  it('accepts the token in the externalToken header too', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const response = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.info,
      headers: { externaltoken: token },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: AUTH_PATHS.info });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ result: 1, errorCode: 'UNAUTHORIZED', errorMsg: '请先登录' });
  });

  it.each([
    ['a path-like token', { authorization: 'Bearer ../../x' }],
    ['10 KB of garbage', { authorization: `Bearer ${'A%$#'.repeat(2560)}` }],
    ['Bearer alone', { authorization: 'Bearer' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a well-formed unknown token', { authorization: `Bearer ${'a'.repeat(43)}` }],
    ['garbage in externalToken', { externaltoken: "' or 1=1 --" }],
  ])('answers 401, never 5xx, for %s', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('ends one day after sign-in, however much it is used', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    t.clock.advance(SESSION_LIFETIME_MS - 1000);
    expect((await info(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('DELETE /auth/logout revokes the current session only', async () => {
    const user = await createUser(t.db);
    const first = await signIn(t.app, user);
    const second = await signIn(t.app, user);
    const response = await t.app.inject({ method: 'DELETE', url: AUTH_PATHS.logout, headers: bearer(first) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 0, data: null, errorMsg: null, errorCode: null });
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: AUTH_PATHS.logout, headers: bearer(first) });
    expect(again.statusCode).toBe(401);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.logout'));
    expect(audit).toMatchObject({ userId: user.id });
  });

  it('hands the token to the error report path only, in a cookie no script reads, cleared at logout', async () => {
    const user = await createUser(t.db);
    const response = await passwordLogin(t.app, user);
    const token = response.json<{ data: { token: string } }>().data.token;
    expect(response.headers['set-cookie']).toBe(
      `EL-ADMIN-TOEKN=${token}; Path=/api/client-errors; Max-Age=86400; HttpOnly; SameSite=Strict`,
    );
    const logout = await t.app.inject({ method: 'DELETE', url: AUTH_PATHS.logout, headers: bearer(token) });
    expect(logout.headers['set-cookie']).toBe(
      'EL-ADMIN-TOEKN=; Path=/api/client-errors; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('disabling an account ends its sessions', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    await setEnabled(t.db, [user.id], false);
    await createSessionService(t.db, t.clock).revokeAllOf(user.id);
    expect((await info(token)).statusCode).toBe(401);
    await setEnabled(t.db, [user.id], true);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('a disabled account is refused at once, even before its sessions are revoked', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    expect((await info(token)).statusCode).toBe(200);
    await setEnabled(t.db, [user.id], false);
    // What disabling an account does besides the update: drop the user's cached sign-ins on every instance.
    t.app.authCache.forgetUser(user.id);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('a change made behind the cache is seen within AUTH_CACHE_TTL_MS at the latest', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    expect((await info(token)).statusCode).toBe(200);
    await setEnabled(t.db, [user.id], false);
    expect((await info(token)).statusCode).toBe(200);
    t.clock.advance(t.deps.config.authCacheTtlMs);
    expect((await info(token)).statusCode).toBe(401);
  });
});

describe('POST /auth/queryMidPwdStatus', () => {
  const status = (token: string) =>
    t.app.inject({ method: 'POST', url: AUTH_PATHS.passwordStatus, headers: bearer(token) });

  it('answers no change needed for a recent password', async () => {
    const user = await createUser(t.db, { passwordChangedAt: t.clock() });
    const response = await status(await signIn(t.app, user));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ mustChange: false, reason: null });
  });

  it('answers initial for an administrator-issued password', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    expect((await status(await signIn(t.app, user))).json().data).toEqual({
      mustChange: true,
      reason: 'initial',
    });
  });

  it('answers expired for a password older than 90 days', async () => {
    const user = await createUser(t.db, { passwordChangedAt: new Date(t.clock().getTime() - 91 * DAY) });
    expect((await status(await signIn(t.app, user))).json().data).toEqual({
      mustChange: true,
      reason: 'expired',
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: AUTH_PATHS.passwordStatus });
    expect(response.statusCode).toBe(401);
  });
});

describe('secrets never leave the server', () => {
  it('no response of this file carries a hash, a stored token hash or a password', async () => {
    expect(recorded.length).toBeGreaterThan(50);
    const tokenHashes = (await t.db.select({ hash: sessions.tokenHash }).from(sessions)).map((r) => r.hash);
    const codeHashes = (await t.db.select({ hash: smsCodes.codeHash }).from(smsCodes)).map((r) => r.hash);
    const passwordHashes = (await t.db.select({ hash: users.passwordHash }).from(users)).map((r) => r.hash);
    expect(tokenHashes.length).toBeGreaterThan(5);
    for (const response of recorded.filter((r) => !r.url.startsWith('/dev/'))) {
      expect(response.body).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|codeHash|\$argon2/);
      expect(response.body).not.toContain(GOOD_PASSWORD);
      for (const secret of [...tokenHashes, ...codeHashes, ...passwordHashes])
        expect(response.body).not.toContain(secret);
    }
  });

  it('no response is a 5xx', () => {
    expect(recorded.filter((r) => r.statusCode >= 500)).toEqual([]);
  });
});
