import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, DEMO_USERS } from './session';

type Envelope<T> = { data: T };

/** Signs in through the API, as another device would, and answers the session's token. */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  return (await apiLogin(request, username, password)).token;
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), what).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

/**
 * A head-office account in `storeName`, made for one test through the administration API and given `password`.
 * A test that changes its own password or phone works on one of these, so a failure cannot leave a demo account
 * changed for the specs after it, and a retry starts from a fresh account.
 */
export async function createHeadOfficeUser(
  request: APIRequestContext,
  storeName: string,
  password: string,
): Promise<{ username: string; password: string }> {
  const headers = {
    authorization: `Bearer ${await apiSignIn(request, DEMO_USERS.admin.username, DEMO_USERS.admin.password)}`,
  };
  const options = await dataOf<{
    roles: { id: number; permission: string }[];
    departments: { id: number }[];
  }>(await request.get('/tec/portal/user/formOptions', { headers }), 'user form options');
  const stores = await dataOf<{ shopCode: string }[]>(
    await request.get('/tec/portal/user/storeOptions', { headers, params: { keyword: storeName } }),
    'store options',
  );
  const unique = `${Date.now()}`.slice(-8);
  const username = `e2e${unique}`;
  const created = await dataOf<{ oneTimePassword: string }>(
    await request.post('/tec/portal/user/create', {
      headers,
      data: {
        username,
        nickName: `测试${unique.slice(-4)}`,
        workCode: `E2E${unique}`,
        phone: `137${unique}`,
        deptId: options.departments[0]!.id,
        roleIds: [options.roles.find((role) => role.permission === 'head_office')!.id],
        storeCodes: [stores[0]!.shopCode],
      },
    }),
    'user create',
  );
  // The one-time password must be replaced before the account works, as its owner would at first sign-in.
  const token = await apiSignIn(request, username, created.oneTimePassword);
  await dataOf(
    await request.post('/api/users/updatePass', {
      headers: { authorization: `Bearer ${token}` },
      data: { oldPassword: created.oneTimePassword, newPassword: password, confirmPassword: password },
    }),
    'first password change',
  );
  return { username, password };
}
