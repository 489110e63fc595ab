import { STORE_PATHS, USER_ADMIN_PATHS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBaseData } from '../db/seed/index.js';
import { createUser, injectAs } from '../test/fixtures.js';
import { issueSessionToken } from '../test/server-process.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedBaseData(t.db);
  const admin = await createUser(t.db, { roles: ['admin'] });
  token = await issueSessionToken(t.db, admin.id, t.clock());
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  result: 1,
  errorCode: 'NUL_CHARACTER',
  errorMsg: `参数 ${field} 含有无法保存的空字符（\\u0000），请删除后重试`,
});

describe('a NUL character in any input', () => {
  it('is refused in a body string, naming the field, before the database sees it', async () => {
    const response = await injectAs(t.app, 'POST', STORE_PATHS.shopGroups, token, {
      searchKeyWord: '亦庄\u0000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refusal('searchKeyWord'));
  });

  it('is refused in a nested value and in an object key', async () => {
    const nested = await injectAs(t.app, 'POST', USER_ADMIN_PATHS.page, token, { keyword: ['a\u0000'] });
    expect(nested.statusCode).toBe(400);
    const key = await t.app.inject({
      method: 'POST',
      url: STORE_PATHS.shopGroups,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"pageNum":1,"x\\u0000":1}',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toMatchObject(refusal('x\\u0000'));
  });

  it('is refused in a query string sent as %00', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${USER_ADMIN_PATHS.detail}?id=1&note=a%00b`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refusal('note'));
  });

  it('lets the access rule answer first: anonymous callers get 401, not a hint about their input', async () => {
    const response = await injectAs(t.app, 'POST', STORE_PATHS.shopGroups, null, { searchKeyWord: '\u0000' });
    expect(response.statusCode).toBe(401);
  });

  it('leaves ordinary text alone', async () => {
    const response = await injectAs(t.app, 'POST', STORE_PATHS.shopGroups, token, { searchKeyWord: '亦庄' });
    expect(response.statusCode).toBe(200);
  });
});
