import { AUTH_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTickets, smsCodes, smsOutbox, users } from '../../db/schema.js';
import {
  bearer,
  createUser,
  GOOD_PASSWORD,
  latestSmsCode,
  nextIp,
  nextPhone,
  passwordLogin,
  recordResponses,
  signIn,
  type RecordedResponse,
} from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { chinaDayBounds } from './sms-code.service.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NEW_PASSWORD = 'Fresh!pass42';

let t: TestApp;
let recorded: RecordedResponse[];

beforeAll(async () => {
  t = await createTestApp();
  recorded = recordResponses(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const sendLoginCode = (phone: string) => post(AUTH_PATHS.sendCode, { phone });
const codeLogin = (phone: string, code: string) => post(AUTH_PATHS.codeLogin, { phone, code });
const sendResetCode = (phone: string) => post(AUTH_PATHS.resetSendCode, { phone });
const verifyResetCode = (phone: string, code: string) => post(AUTH_PATHS.resetVerifyCode, { phone, code });
const resetPassword = (ticket: string, password = NEW_PASSWORD, confirmPassword = password) =>
  post(AUTH_PATHS.resetPassword, { ticket, password, confirmPassword });
const info = (token: string) => t.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers: bearer(token) });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codeFor(phone: string): Promise<string> {
  const code = await latestSmsCode(t.app, phone);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

async function ticketFor(phone: string): Promise<string> {
  expect((await sendResetCode(phone)).statusCode).toBe(200);
  const response = await verifyResetCode(phone, await codeFor(phone));
  expect(response.statusCode).toBe(200);
  return response.json().data.ticket;
}

describe('POST /auth/sendMsg', () => {
  it('texts a 6-digit code to an enabled account', async () => {
    const user = await createUser(t.db);
    const response = await sendLoginCode(user.phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: 0,
      data: { resendAfterSeconds: 60 },
      errorMsg: null,
      errorCode: null,
    });
    const [sent] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone));
    expect(sent!.code).toMatch(/^\d{6}$/);
    expect(sent!.purpose).toBe('login');
    expect(sent!.content).toBe(`【门店运营云平台】您的登录验证码为${sent!.code}，5分钟内有效，请勿泄露。`);
    // Only a hash of the code is kept with the code state.
    const [stored] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, user.phone));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(sent!.code);
  });

  it('answers the same for an unknown phone and a disabled account, and sends nothing', async () => {
    const known = await createUser(t.db);
    const disabled = await createUser(t.db, { enabled: false });
    const unknownPhone = nextPhone();
    const answers = await Promise.all([
      sendLoginCode(known.phone),
      sendLoginCode(disabled.phone),
      sendLoginCode(unknownPhone),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await latestSmsCode(t.app, disabled.phone)).toBeNull();
    expect(await latestSmsCode(t.app, unknownPhone)).toBeNull();
  });

  it('refuses a resend within 60 seconds with 429 and Retry-After, for known and unknown phones alike', async () => {
    const user = await createUser(t.db);
    const unknownPhone = nextPhone();
    await sendLoginCode(user.phone);
    await sendLoginCode(unknownPhone);
    t.clock.advance(20 * SECOND);
    const tooSoon = await sendLoginCode(user.phone);
    const tooSoonUnknown = await sendLoginCode(unknownPhone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('40');
    expect(tooSoon.json()).toMatchObject({
      errorCode: 'SMS_RESEND_TOO_SOON',
      errorMsg: '验证码发送过于频繁，请40秒后再试',
    });
    expect(tooSoonUnknown.statusCode).toBe(429);
    expect(tooSoonUnknown.body).toBe(tooSoon.body);
    t.clock.advance(40 * SECOND);
    expect((await sendLoginCode(user.phone)).statusCode).toBe(200);
  });

  it('sends at most 10 codes a day to one phone, whatever the purpose', async () => {
    // Start at 10:00 China time so the test never straddles midnight.
    const now = t.clock();
    const { next } = chinaDayBounds(now);
    t.clock.advance(next.getTime() - now.getTime() + 10 * 60 * MINUTE);
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i += 1) {
      const sent = await (i % 2 ? sendResetCode(user.phone) : sendLoginCode(user.phone));
      expect(sent.statusCode).toBe(200);
      t.clock.advance(61 * SECOND);
    }
    const capped = await sendLoginCode(user.phone);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({
      errorCode: 'SMS_DAILY_LIMIT',
      errorMsg: '今日验证码发送次数已达上限，请明天再试',
    });
    const untilMidnight = chinaDayBounds(t.clock()).next.getTime() - t.clock().getTime();
    expect(Number(capped.headers['retry-after'])).toBe(Math.ceil(untilMidnight / 1000));
    t.clock.advance(untilMidnight);
    expect((await sendLoginCode(user.phone)).statusCode).toBe(200);
  });

  it.each([
    ['a short number', { phone: '1380013800' }, '请输入正确的手机号'],
    ['a landline', { phone: '010-12345678' }, '请输入正确的手机号'],
    ['a number as a number', { phone: 13800138000 }, '参数 phone 格式不正确'],
    ['no phone', {}, '缺少参数 phone'],
  ])('rejects %s with a Chinese 400', async (_case, payload, message) => {
    const response = await post(AUTH_PATHS.sendCode, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe(message);
  });
});

describe('POST /auth/ljyPcLogin', () => {
  it('signs in with the texted code, once', async () => {
    const user = await createUser(t.db, { roles: ['clerk'] });
    await sendLoginCode(user.phone);
    const code = await codeFor(user.phone);
    const response = await codeLogin(user.phone, code);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user.id).toBe(user.id);
    expect(data.roles).toEqual(['clerk']);
    expect((await info(data.token)).statusCode).toBe(200);

    const again = await codeLogin(user.phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errorCode: 'SMS_CODE_INVALID', errorMsg: '短信验证码错误或已过期' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(audit).toMatchObject({ action: 'auth.login.success', detail: { method: 'sms' } });
  });

  it('expires codes after 5 minutes', async () => {
    const user = await createUser(t.db);
    await sendLoginCode(user.phone);
    const code = await codeFor(user.phone);
    t.clock.advance(5 * MINUTE);
    expect((await codeLogin(user.phone, code)).json().errorCode).toBe('SMS_CODE_INVALID');
  });

  it('kills a code after 5 wrong tries', async () => {
    const user = await createUser(t.db);
    await sendLoginCode(user.phone);
    const code = await codeFor(user.phone);
    for (let i = 0; i < 4; i += 1)
      expect((await codeLogin(user.phone, otherCode(code))).json().errorCode).toBe('SMS_CODE_INVALID');
    const fifth = await codeLogin(user.phone, otherCode(code));
    expect(fifth.json()).toMatchObject({
      errorCode: 'SMS_CODE_EXHAUSTED',
      errorMsg: '验证码错误次数过多，请重新获取',
    });
    const right = await codeLogin(user.phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errorCode).toBe('SMS_CODE_EXHAUSTED');
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const user = await createUser(t.db);
    await sendLoginCode(user.phone);
    const code = await codeFor(user.phone);
    for (let i = 0; i < 4; i += 1) await codeLogin(user.phone, otherCode(code));
    expect((await codeLogin(user.phone, code)).statusCode).toBe(200);
  });

  it('only the newest code counts', async () => {
    const user = await createUser(t.db);
    await sendLoginCode(user.phone);
    const first = await codeFor(user.phone);
    t.clock.advance(61 * SECOND);
    await sendLoginCode(user.phone);
    const second = await codeFor(user.phone);
    if (first !== second) expect((await codeLogin(user.phone, first)).statusCode).toBe(400);
    expect((await codeLogin(user.phone, second)).statusCode).toBe(200);
  });

  it('does not sign in a phone without an account, nor with a reset code', async () => {
    expect((await codeLogin(nextPhone(), '123456')).json().errorCode).toBe('SMS_CODE_INVALID');
    const user = await createUser(t.db);
    await sendResetCode(user.phone);
    expect((await codeLogin(user.phone, await codeFor(user.phone))).statusCode).toBe(400);
  });

  it('refuses an account disabled after the code was sent', async () => {
    const user = await createUser(t.db);
    await sendLoginCode(user.phone);
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    expect((await codeLogin(user.phone, await codeFor(user.phone))).statusCode).toBe(400);
  });

  it.each([
    ['five digits', { phone: '13800138000', code: '12345' }, '请输入6位短信验证码'],
    ['letters', { phone: '13800138000', code: 'abcdef' }, '请输入6位短信验证码'],
    ['no code', { phone: '13800138000' }, '缺少参数 code'],
  ])('rejects %s with a Chinese 400', async (_case, payload, message) => {
    const response = await post(AUTH_PATHS.codeLogin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe(message);
  });
});

describe('forgot password', () => {
  it('sends a reset text, validates it for a ticket, sets the password and ends every session', async () => {
    const user = await createUser(t.db);
    const sessionA = await signIn(t.app, user);
    const sessionB = await signIn(t.app, user);

    expect((await sendResetCode(user.phone)).json().data).toEqual({ resendAfterSeconds: 60 });
    const [sent] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone));
    expect(sent!.purpose).toBe('reset');
    expect(sent!.content).toBe(
      `【门店运营云平台】您正在找回密码，验证码为${sent!.code}，5分钟内有效，请勿泄露。`,
    );

    const verified = await verifyResetCode(user.phone, sent!.code);
    expect(verified.statusCode).toBe(200);
    const ticket: string = verified.json().data.ticket;
    expect(Buffer.from(ticket, 'base64url').length).toBeGreaterThanOrEqual(16);
    const tickets = JSON.stringify(await t.db.select().from(passwordResetTickets));
    expect(tickets).not.toContain(ticket);

    t.clock.advance(MINUTE);
    const reset = await resetPassword(ticket);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ result: 0, data: null, errorMsg: null, errorCode: null });

    expect((await info(sessionA)).statusCode).toBe(401);
    expect((await info(sessionB)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, user)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, { username: user.username, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.mustChangePassword).toBe(false);
    expect(row!.passwordChangedAt.getTime()).toBe(t.clock().getTime());
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password.reset'));
    expect(audits.map((a) => a.userId)).toContain(user.id);
  });

  it('clears the must-change flag of an initial password', async () => {
    const user = await createUser(t.db, { mustChangePassword: true });
    expect((await resetPassword(await ticketFor(user.phone))).statusCode).toBe(200);
    const token = await signIn(t.app, { username: user.username, password: NEW_PASSWORD });
    const status = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.passwordStatus,
      headers: bearer(token),
    });
    expect(status.json().data).toEqual({ mustChange: false, reason: null });
  });

  it('uses each ticket once', async () => {
    const user = await createUser(t.db);
    const ticket = await ticketFor(user.phone);
    expect((await resetPassword(ticket)).statusCode).toBe(200);
    const again = await resetPassword(ticket, 'Another#pass9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errorCode: 'RESET_TICKET_INVALID',
      errorMsg: '重置密码操作已过期，请重新验证手机号',
    });
  });

  it('expires tickets after 10 minutes', async () => {
    const user = await createUser(t.db);
    const ticket = await ticketFor(user.phone);
    t.clock.advance(10 * MINUTE);
    expect((await resetPassword(ticket)).json().errorCode).toBe('RESET_TICKET_INVALID');
  });

  it('cannot reset without a validated code', async () => {
    const user = await createUser(t.db);
    expect((await resetPassword('made-up-ticket')).statusCode).toBe(400);
    await sendResetCode(user.phone);
    const code = await codeFor(user.phone);
    expect((await verifyResetCode(user.phone, otherCode(code))).json().errorCode).toBe('SMS_CODE_INVALID');
    // A sign-in code does not validate a reset.
    t.clock.advance(61 * SECOND);
    await sendLoginCode(user.phone);
    expect((await verifyResetCode(user.phone, await codeFor(user.phone))).statusCode).toBe(400);
    expect((await passwordLogin(t.app, user)).statusCode).toBe(200);
  });

  it('answers the same for unknown phones and never issues them a ticket', async () => {
    const phone = nextPhone();
    const known = await createUser(t.db);
    expect((await sendResetCode(phone)).body).toBe((await sendResetCode(known.phone)).body);
    expect((await verifyResetCode(phone, '000000')).statusCode).toBe(400);
  });

  it.each([
    [
      'a weak password',
      { ticket: 't', password: 'password', confirmPassword: 'password' },
      '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种',
    ],
    [
      'different confirmation',
      { ticket: 't', password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      '两次输入的密码不一致',
    ],
    [
      'an overlong password',
      { ticket: 't', password: `Aa1!${'x'.repeat(61)}`, confirmPassword: 'x' },
      '密码不能超过64位',
    ],
    ['no ticket', { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '缺少参数 ticket'],
  ])('rejects %s with a Chinese 400', async (_case, payload, message) => {
    const response = await post(AUTH_PATHS.resetPassword, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe(message);
  });

  it('validates the phone and code of step 2', async () => {
    const response = await post(AUTH_PATHS.resetVerifyCode, { phone: '12345678901', code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe('请输入正确的手机号');
  });
});

describe('secrets never leave the server', () => {
  it('no response outside the demo outbox carries a code, a hash or a password', async () => {
    const codes = (await t.db.select({ code: smsOutbox.code }).from(smsOutbox)).map((r) => r.code);
    const codeHashes = (await t.db.select({ hash: smsCodes.codeHash }).from(smsCodes)).map((r) => r.hash);
    const ticketHashes = (
      await t.db.select({ hash: passwordResetTickets.ticketHash }).from(passwordResetTickets)
    ).map((r) => r.hash);
    expect(codes.length).toBeGreaterThan(10);
    for (const response of recorded.filter((r) => !r.url.startsWith('/dev/'))) {
      expect(response.body).not.toMatch(/passwordHash|password_hash|codeHash|code_hash|ticketHash|\$argon2/);
      expect(response.body).not.toContain(GOOD_PASSWORD);
      expect(response.body).not.toContain(NEW_PASSWORD);
      for (const secret of [...codeHashes, ...ticketHashes]) expect(response.body).not.toContain(secret);
      // Digit boundaries, because phone numbers and work codes may contain any six digits.
      for (const code of codes) expect(response.body).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
    expect(recorded.filter((r) => r.statusCode >= 500)).toEqual([]);
  });
});
