import { AUTH_PATHS, PROFILE_PATHS, type Profile } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userAvatars, users } from '../../db/schema.js';
import { readOutbox } from '../../platform/sms.js';
import {
  bearer,
  createUser,
  latestSmsCode,
  nextIp,
  nextPhone,
  passwordLogin,
  signIn,
  type TestUser,
} from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----avatar-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, filename: string, contentType: string, bytes: Buffer, extra = {}) => {
  const body = multipart(filename, contentType, bytes);
  return t.app.inject({
    method: 'POST',
    url: PROFILE_PATHS.updateAvatar,
    headers: { ...bearer(token), ...body.headers, ...extra },
    payload: body.payload,
  });
};

const info = (token: string) => t.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers: bearer(token) });

const changePassword = (token: string, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: PROFILE_PATHS.updatePassword, headers: bearer(token), payload: body });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await createUser(t.db);
    token = await signIn(t.app, user);
  });

  const put = (payload: unknown, as = token) =>
    t.app.inject({
      method: 'PUT',
      url: PROFILE_PATHS.profile,
      headers: bearer(as),
      payload: payload as object,
    });

  it('answers the caller only, signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: PROFILE_PATHS.profile })).statusCode).toBe(401);
    const response = await t.app.inject({
      method: 'GET',
      url: PROFILE_PATHS.profile,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{ data: Profile }>().data;
    expect(profile).toMatchObject({
      id: user.id,
      username: user.username,
      phone: user.phone,
      avatarPath: '',
    });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(Date.parse(profile.passwordChangedAt)).not.toBeNaN();
  });

  it('changes the name, seen by /auth/info; the unchanged phone may be sent along', async () => {
    const response = await put({ nickName: '  新名字 ', phone: user.phone });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ nickName: '新名字', phone: user.phone });
    expect((await info(token)).json().data.user).toMatchObject({ nickName: '新名字' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'profile.update')));
    expect(audit).toBeDefined();
    expect((await put({ nickName: '新名字' })).statusCode).toBe(200);
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [unknown, string][] = [
      [{ nickName: '' }, '请输入姓名'],
      [{ nickName: '   ' }, '请输入姓名'],
      [{ nickName: '名'.repeat(21) }, '姓名不能超过20个字'],
      [{ nickName: '张三', phone: '12345' }, '请输入正确的手机号'],
      [{ nickName: 5 }, '请输入姓名'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errorMsg).toBe(message);
    }
  });
});

describe('phone change', () => {
  const phoneCode = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: PROFILE_PATHS.phoneCode,
      headers: bearer(token),
      payload,
      remoteAddress: nextIp(),
    });
  const changePhone = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: PROFILE_PATHS.phone, headers: bearer(token), payload });
  const phoneOf = async (userId: number) =>
    (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]!.phone;

  it('is refused to a stolen token alone: the profile form and a wrong password change nothing', async () => {
    const victim = await createUser(t.db);
    const token = await signIn(t.app, victim);
    const attacker = nextPhone();
    const direct = await t.app.inject({
      method: 'PUT',
      url: PROFILE_PATHS.profile,
      headers: bearer(token),
      payload: { nickName: '张三', phone: attacker },
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toMatchObject({
      errorCode: 'PHONE_CHANGE_NEEDS_PROOF',
      errorMsg: '更换手机号需验证登录密码和新手机号',
    });
    const guessed = await phoneCode(token, { phone: attacker, password: 'Guess#1234' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().errorCode).toBe('OLD_PASSWORD_WRONG');
    expect(await latestSmsCode(t.app, attacker)).toBeNull();
    expect(await phoneOf(victim.id)).toBe(victim.phone);
  });

  it('changes with the password and a code to the new number, tells the old one, ends other sessions', async () => {
    const owner = await createUser(t.db);
    const token = await signIn(t.app, owner);
    const elsewhere = await signIn(t.app, owner);
    const next = nextPhone();
    const sent = await phoneCode(token, { phone: next, password: owner.password });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60 });
    const code = await latestSmsCode(t.app, next);

    const changed = await changePhone(token, { phone: next, code });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ profile: { phone: next }, otherSessionsEnded: 1 });
    expect((await info(token)).json().data.user.phone).toBe(next);
    expect((await info(elsewhere)).statusCode).toBe(401);
    const [notice] = await readOutbox(t.db, owner.phone);
    expect(notice).toMatchObject({ purpose: 'phone_notice' });
    expect(notice!.content).toContain(`${next.slice(0, 3)}****${next.slice(7)}`);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, owner.id), eq(auditLog.action, 'profile.phone.change')));
    expect(JSON.stringify(audit!.detail)).not.toContain(next);
    // The code is single use.
    expect((await changePhone(token, { phone: next, code })).statusCode).toBe(400);
  });

  it("answers the same for another account's number until the code proves it, then 409", async () => {
    const owner = await createUser(t.db);
    const token = await signIn(t.app, owner);
    const other = await createUser(t.db);
    const sent = await phoneCode(token, { phone: other.phone, password: owner.password });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60 });
    const wrong = await changePhone(token, { phone: other.phone, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = await latestSmsCode(t.app, other.phone);
    const taken = await changePhone(token, { phone: other.phone, code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'PHONE_TAKEN', errorMsg: '该手机号已被其他账号使用' });
    expect(await phoneOf(owner.id)).toBe(owner.phone);
  });

  it('refuses bad input with a Chinese message', async () => {
    const owner = await createUser(t.db);
    const token = await signIn(t.app, owner);
    const cases: [Promise<{ statusCode: number; json: () => { errorMsg: string } }>, string][] = [
      [phoneCode(token, { phone: nextPhone() }), '请输入登录密码'],
      [phoneCode(token, { phone: '123', password: owner.password }), '请输入正确的手机号'],
      [phoneCode(token, { phone: owner.phone, password: owner.password }), '新手机号与当前手机号相同'],
      [changePhone(token, { phone: nextPhone(), code: '12ab' }), '请输入6位短信验证码'],
    ];
    for (const [request, message] of cases) {
      const response = await request;
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe(message);
    }
  });
});

describe('password change', () => {
  it('ends every other session and keeps the current one', async () => {
    const user = await createUser(t.db);
    const current = await signIn(t.app, user);
    const otherDevice = await signIn(t.app, user);
    const newPassword = 'Changed#2026ok';

    const response = await changePassword(current, {
      oldPassword: user.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ otherSessionsEnded: 1 });

    expect((await info(otherDevice)).statusCode).toBe(401);
    expect((await info(current)).statusCode).toBe(200);
    expect((await passwordLogin(t.app, user)).statusCode).toBe(401);
    expect((await passwordLogin(t.app, { ...user, password: newPassword })).statusCode).toBe(200);
    const audits = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'profile.password.change')));
    expect(audits).toEqual([{ action: 'profile.password.change', detail: { otherSessionsEnded: 1 } }]);
  });

  it('refuses a wrong old password, a weak or mismatched new one', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const cases: [Record<string, string>, string][] = [
      [
        { oldPassword: 'Wrong#2026ok', newPassword: 'Next#2026ok', confirmPassword: 'Next#2026ok' },
        '原密码不正确',
      ],
      [
        { oldPassword: user.password, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
        '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种',
      ],
      [
        { oldPassword: user.password, newPassword: 'Ab1!', confirmPassword: 'Ab1!' },
        '密码至少8位，且包含大写字母、小写字母、数字、符号中的三种',
      ],
      [
        { oldPassword: user.password, newPassword: 'Next#2026ok', confirmPassword: 'Next#2026no' },
        '两次输入的密码不一致',
      ],
      [
        { oldPassword: user.password, newPassword: user.password, confirmPassword: user.password },
        '新密码不能与原密码相同',
      ],
      [{ oldPassword: '', newPassword: 'Next#2026ok', confirmPassword: 'Next#2026ok' }, '请输入原密码'],
    ];
    for (const [body, message] of cases) {
      const response = await changePassword(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg).toBe(message);
    }
    // Nothing changed: the old password still signs in and the session lives.
    expect((await info(token)).statusCode).toBe(200);
    expect((await passwordLogin(t.app, user)).statusCode).toBe(200);
  });

  it('locks after 10 wrong old passwords, even for the right one', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.app, user);
    const wrong = { oldPassword: 'Wrong#2026ok', newPassword: 'Next#2026ok', confirmPassword: 'Next#2026ok' };
    for (let i = 0; i < 10; i++) expect((await changePassword(token, wrong)).statusCode).toBe(400);
    const locked = await changePassword(token, { ...wrong, oldPassword: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorMsg).toMatch(/^原密码错误次数过多，请\d+分钟后再试$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60 * 1000);
    const fresh = await signIn(t.app, user);
    expect((await changePassword(fresh, { ...wrong, oldPassword: user.password })).statusCode).toBe(200);
  });
});

describe('avatar', () => {
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    user = await createUser(t.db);
    token = await signIn(t.app, user);
  });

  it('accepts a PNG by its bytes whatever its name, and serves the same bytes', async () => {
    const response = await upload(token, 'notes.txt', 'text/plain', PNG);
    expect(response.statusCode).toBe(200);
    const { avatarPath } = response.json<{ data: { avatarPath: string } }>().data;
    expect(avatarPath).toMatch(new RegExp(`^http://localhost(:80)?/api/users/avatar/${user.id}\\?v=\\d+$`));
    expect((await info(token)).json().data.user.avatarPath).toBe(avatarPath);

    const url = avatarPath.replace(/^http:\/\/[^/]+/, '');
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    // Without the current version the browser must revalidate.
    const unversioned = await t.app.inject({ method: 'GET', url: `/api/users/avatar/${user.id}` });
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
    const [row] = await t.db.select().from(userAvatars).where(eq(userAvatars.userId, user.id));
    expect(row!.contentType).toBe('image/png');
  });

  it('refuses a text file named .png, and keeps the previous avatar', async () => {
    const before = (await info(token)).json().data.user.avatarPath;
    const response = await upload(
      token,
      'photo.png',
      'image/png',
      Buffer.from('just some text, not an image'),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().errorMsg).toBe('只能上传 JPG/PNG/WebP 图片');
    expect((await info(token)).json().data.user.avatarPath).toBe(before);
  });

  it('refuses files over 2 MB with 413, accepts one just under', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);
    const response = await upload(token, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().errorMsg).toBe('头像图片不能超过2MB');
    const fits = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(token, 'fits.png', 'image/png', fits)).statusCode).toBe(200);
  });

  it('refuses anonymous uploads, JSON bodies and empty files', async () => {
    const body = multipart('a.png', 'image/png', PNG);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: PROFILE_PATHS.updateAvatar,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: PROFILE_PATHS.updateAvatar,
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(token, 'a.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMsg).toBe('上传的头像图片是空文件');
  });

  it('builds the URL from the forwarded scheme and host only behind a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const someone = await createUser(proxied.db);
      const proxiedToken = await signIn(proxied.app, someone);
      const body = multipart('a.png', 'image/png', PNG);
      const response = await proxied.app.inject({
        method: 'POST',
        url: PROFILE_PATHS.updateAvatar,
        headers: {
          ...bearer(proxiedToken),
          ...body.headers,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'console.example.com',
        },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.avatarPath).toMatch(
        new RegExp(`^https://console\\.example\\.com/api/users/avatar/${someone.id}\\?v=\\d+$`),
      );
    } finally {
      await proxied.close();
    }
    const direct = await upload(token, 'a.png', 'image/png', PNG, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example.com',
    });
    expect(direct.json().data.avatarPath).toMatch(/^http:\/\/localhost/);
  });

  it('answers 404 for a user without avatar and 400 for a bad id', async () => {
    const other = await createUser(t.db);
    const none = await t.app.inject({ method: 'GET', url: `/api/users/avatar/${other.id}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().errorMsg).toBe('该用户尚未上传头像');
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/avatar/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMsg).toBe('用户编号不正确');
  });
});
