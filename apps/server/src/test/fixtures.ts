import { randomInt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTH_PATHS, type Captcha, type CaptchaLevel, type LoginResult } from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppInstance } from '../app-types.js';
import type { Database } from '../db/client.js';
import { roles, userRoles, users } from '../db/schema.js';
import { hashPassword } from '../modules/auth/password.js';

/** A password that satisfies the contract's strength rule. */
export const GOOD_PASSWORD = 'Store#2024ok';

let sequence = 0;
const runId = randomInt(1000, 9999);
const next = () => ++sequence;

/** A fresh client address per call, so per-IP limits of one test never touch another. */
export function nextIp(): string {
  const n = next();
  return `10.${runId % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A fresh, valid mainland mobile number. */
export function nextPhone(): string {
  return `139${String(runId).padStart(4, '0')}${String(next()).padStart(4, '0')}`;
}

export async function ensureRole(
  db: Database,
  permission: string,
  options: { cloudPlatform?: boolean; name?: string } = {},
) {
  await db
    .insert(roles)
    .values({ permission, name: options.name ?? permission, cloudPlatform: options.cloudPlatform ?? true })
    .onConflictDoNothing();
  const [role] = await db.select().from(roles).where(eq(roles.permission, permission));
  return role!;
}

export type TestUser = { id: number; username: string; password: string; phone: string };

export async function createUser(
  db: Database,
  options: {
    username?: string;
    password?: string;
    phone?: string;
    roles?: string[];
    enabled?: boolean;
    mustChangePassword?: boolean;
    passwordChangedAt?: Date;
  } = {},
): Promise<TestUser> {
  const n = next();
  const username = options.username ?? `user${runId}_${n}`;
  const password = options.password ?? GOOD_PASSWORD;
  const phone = options.phone ?? nextPhone();
  const [user] = await db
    .insert(users)
    .values({
      username,
      nickName: `测试用户${n}`,
      workCode: `W${runId}${n}`,
      phone,
      passwordHash: await hashPassword(password),
      enabled: options.enabled ?? true,
      mustChangePassword: options.mustChangePassword ?? false,
      ...(options.passwordChangedAt ? { passwordChangedAt: options.passwordChangedAt } : {}),
    })
    .returning({ id: users.id });
  const roleIds = [];
  for (const permission of options.roles ?? []) roleIds.push((await ensureRole(db, permission)).id);
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user!.id, roleId })));
  return { id: user!.id, username, password, phone };
}

export async function setEnabled(db: Database, userIds: number[], enabled: boolean): Promise<void> {
  await db.update(users).set({ enabled }).where(inArray(users.id, userIds));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new captcha and, through the demo-mode helper, its answer. */
export async function solvedCaptcha(
  app: AppInstance,
  ip = nextIp(),
  level: CaptchaLevel = 'normal',
): Promise<Captcha & { answer: string }> {
  const url = `${AUTH_PATHS.captcha}?level=${level}`;
  const captcha = (await app.inject({ method: 'GET', url, remoteAddress: ip })).json<{
    data: Captcha;
  }>().data;
  const answer = (await app.inject({ method: 'GET', url: `/dev/captcha/${captcha.uuid}` })).json<{
    data: { answer: string };
  }>().data.answer;
  return { ...captcha, answer };
}

/** One password sign-in attempt from `ip` with a freshly solved captcha (fetched from another address). */
export async function passwordLogin(
  app: AppInstance,
  credentials: { username: string; password: string },
  ip = nextIp(),
  captchaLevel: CaptchaLevel = 'normal',
): Promise<LightMyRequestResponse> {
  const captcha = await solvedCaptcha(app, nextIp(), captchaLevel);
  return app.inject({
    method: 'POST',
    url: AUTH_PATHS.passwordLogin,
    remoteAddress: ip,
    payload: {
      username: credentials.username,
      password: credentials.password,
      code: captcha.answer,
      uuid: captcha.uuid,
    },
  });
}

/** Signs in and answers the token; fails the test when sign-in fails. */
export async function signIn(
  app: AppInstance,
  credentials: { username: string; password: string },
  ip = nextIp(),
): Promise<string> {
  const response = await passwordLogin(app, credentials, ip);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: LoginResult }>().data.token;
}

/** The newest code "sent" to a phone, read through the demo-mode outbox. */
export async function latestSmsCode(app: AppInstance, phone: string): Promise<string | null> {
  const response = await app.inject({ method: 'GET', url: `/dev/sms-outbox?phone=${phone}` });
  const entries = response.json<{ data: { code: string }[] }>().data;
  return entries[0]?.code ?? null;
}

export type RecordedResponse = { method: string; url: string; statusCode: number; body: string };

/** Keeps every response `app.inject` gives, so a test can scan them all for leaked secrets. */
export function recordResponses(app: AppInstance): RecordedResponse[] {
  const recorded: RecordedResponse[] = [];
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  Object.assign(app, {
    async inject(options: InjectOptions) {
      const response = await inject(options);
      recorded.push({
        method: String(options.method ?? 'GET'),
        url: String(options.url ?? ''),
        statusCode: response.statusCode,
        body: response.body,
      });
      return response;
    },
  });
  return recorded;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as a signed-in user (or anonymously): a GET or DELETE input as the query string, else the body. */
export function injectAs(
  app: AppInstance,
  method: ApiMethod,
  url: string,
  token: string | null,
  input: Record<string, unknown> = {},
  remoteAddress = '10.7.7.7',
): Promise<LightMyRequestResponse> {
  const inQuery = method === 'GET' || method === 'DELETE';
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress,
    ...(inQuery
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { payload: input }),
  });
}
