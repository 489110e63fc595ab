import { AUTH_PATHS, DEV_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopGroups, stores, userLastStores } from '../../db/schema.js';
import { createUser, nextIp, nextPhone } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SECOND = 1000;

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const outbox = (phone: string) =>
    t.app.inject({ method: 'GET', url: `${DEV_PATHS.smsOutbox}?phone=${phone}` });

  it('GET /dev/sms-outbox lists the texts of a phone, newest first', async () => {
    const user = await createUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.sendCode,
      payload: { phone: user.phone },
      remoteAddress: nextIp(),
    });
    t.clock.advance(61 * SECOND);
    await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.resetSendCode,
      payload: { phone: user.phone },
      remoteAddress: nextIp(),
    });
    const response = await outbox(user.phone);
    expect(response.statusCode).toBe(200);
    const entries = response.json().data;
    expect(entries).toHaveLength(2);
    expect(entries.map((e: { purpose: string }) => e.purpose)).toEqual(['reset', 'login']);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['code', 'createdAt', 'phone', 'purpose']);
      expect(entry.phone).toBe(user.phone);
      expect(entry.code).toMatch(/^\d{6}$/);
      expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
    }
  });

  it('answers an empty list for a phone that received nothing', async () => {
    expect((await outbox(nextPhone())).json().data).toEqual([]);
  });

  it.each([['12345'], ['abc'], ['']])('validates the phone %j', async (phone) => {
    const response = await outbox(phone);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('needs a phone', async () => {
    const response = await t.app.inject({ method: 'GET', url: DEV_PATHS.smsOutbox });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe('缺少参数 phone');
  });

  it('POST /dev/forget-last-store removes the remembered store of an account', async () => {
    const user = await createUser(t.db);
    const [group] = await t.db.insert(shopGroups).values({ frontTitle: '测试区' }).returning();
    const [store] = await t.db
      .insert(stores)
      .values({ shopCode: 'DEV01', shopName: '测试店', businessScopeName: '测试', shopGroupId: group!.id })
      .returning({ id: stores.id });
    await t.db.insert(userLastStores).values({ userId: user.id, storeId: store!.id });
    const forget = () =>
      t.app.inject({ method: 'POST', url: DEV_PATHS.forgetLastStore, payload: { username: user.username } });
    expect((await forget()).json().data).toEqual({ forgotten: true });
    expect(await t.db.select().from(userLastStores).where(eq(userLastStores.userId, user.id))).toEqual([]);
    expect((await forget()).json().data).toEqual({ forgotten: false });
    const unknown = await t.app.inject({
      method: 'POST',
      url: DEV_PATHS.forgetLastStore,
      payload: { username: 'nobody-here' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('GET /dev/captcha/:uuid answers the answer of a captcha, or 404', async () => {
    const { uuid } = (
      await t.app.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: nextIp() })
    ).json().data;
    const known = await t.app.inject({ method: 'GET', url: `/dev/captcha/${uuid}` });
    expect(known.statusCode).toBe(200);
    expect(known.json().data.answer).toMatch(/^[a-z2-9]{4}$/);
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/captcha/unknown-uuid' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ result: 1, errorMsg: '验证码不存在' });
    const overlong = await t.app.inject({ method: 'GET', url: `/dev/captcha/${'x'.repeat(65)}` });
    expect(overlong.statusCode).toBe(400);
  });
});

describe('production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false, production: true });
  });
  afterAll(() => t.close());

  it('POST /dev/forget-last-store answers 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: DEV_PATHS.forgetLastStore,
      payload: { username: 'staff' },
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([`${DEV_PATHS.smsOutbox}?phone=13800138000`, '/dev/captcha/any-uuid'])(
    'GET %s answers 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorMsg).toBe('接口不存在，请联系管理员！');
    },
  );

  it('leaves the dev helpers out of the API description', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json();
    expect(Object.keys(paths).filter((path) => path.startsWith('/dev'))).toEqual([]);
  });
});
