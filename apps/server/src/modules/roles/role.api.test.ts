import { AUTH_PATHS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, ensureRole, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/roles/queryLjYun', () => {
  it('lists the roles of the cloud platform only', async () => {
    await ensureRole(t.db, 'cloud_buyer', { name: '云仓采购' });
    await ensureRole(t.db, 'local_only', { name: '本地角色', cloudPlatform: false });
    const user = await createUser(t.db, { roles: ['clerk'] });
    const response = await t.app.inject({
      method: 'GET',
      url: AUTH_PATHS.cloudRoles,
      headers: bearer(await signIn(t.app, user)),
    });
    expect(response.statusCode).toBe(200);
    const roles = response.json().data;
    expect(roles.map((r: { permission: string }) => r.permission).sort()).toEqual(['clerk', 'cloud_buyer']);
    expect(roles.find((r: { permission: string }) => r.permission === 'cloud_buyer')).toEqual({
      id: expect.any(Number),
      name: '云仓采购',
      permission: 'cloud_buyer',
      description: '',
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: AUTH_PATHS.cloudRoles });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorMsg).toBe('请先登录');
  });
});
