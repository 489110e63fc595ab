import { AUTH_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBaseData } from '../../db/seed/index.js';
import { auditLog, users } from '../../db/schema.js';
import { bearer, setEnabled, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createFirstAdministrator, FIRST_ADMIN_MESSAGES, isEnabledAdministrator } from './first-admin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedBaseData(t.db);
});
afterAll(() => t.close());

describe('npm run admin:create', () => {
  it('refuses bad input and writes nothing', async () => {
    const cases = [
      [{ username: '管理员', phone: '13900000001' }, FIRST_ADMIN_MESSAGES.badUsername],
      [{ username: 'boss', phone: '12345' }, FIRST_ADMIN_MESSAGES.badPhone],
      [{ username: 'boss', phone: '13900000001', workCode: 'a b' }, FIRST_ADMIN_MESSAGES.badWorkCode],
    ] as const;
    for (const [input, message] of cases)
      expect(await createFirstAdministrator(t.db, t.clock, input)).toEqual({ ok: false, message });
    expect(await t.db.$count(users)).toBe(0);
  });

  it('creates the first administrator with a one-time password that must be changed', async () => {
    const result = await createFirstAdministrator(t.db, t.clock, {
      username: 'boss',
      phone: '13900000001',
      name: '王总',
    });
    if (!result.ok) throw new Error(result.message);
    expect(await isEnabledAdministrator(t.db, result.userId)).toBe(true);
    const token = await signIn(t.app, { username: 'boss', password: result.oneTimePassword });
    const status = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.passwordStatus,
      headers: bearer(token),
    });
    expect(status.json().data).toEqual({ mustChange: true, reason: 'initial' });
    const info = await t.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers: bearer(token) });
    expect(info.json().data.roles).toContain('admin');
    expect(info.json().data.roles).toContain('user:add');
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(audited).toMatchObject({ target: String(result.userId), detail: { via: 'admin:create' } });
    expect(JSON.stringify(audited)).not.toContain(result.oneTimePassword);
  });

  it('refuses while an enabled administrator exists; a disabled one does not count', async () => {
    const again = await createFirstAdministrator(t.db, t.clock, { username: 'boss2', phone: '13900000002' });
    expect(again).toEqual({ ok: false, message: FIRST_ADMIN_MESSAGES.adminExists });
    expect(again.ok || again.message).toMatch(/[\u4e00-\u9fa5].*An enabled administrator exists/);

    const [boss] = await t.db.select().from(users).where(eq(users.username, 'boss'));
    await setEnabled(t.db, [boss!.id], false);
    const taken = await createFirstAdministrator(t.db, t.clock, {
      username: 'BOSS',
      phone: '13900000003',
      workCode: 'A0002',
    });
    expect(taken).toEqual({ ok: false, message: FIRST_ADMIN_MESSAGES.taken });
    const next = await createFirstAdministrator(t.db, t.clock, {
      username: 'boss2',
      phone: '13900000002',
      workCode: 'A0002',
    });
    expect(next.ok).toBe(true);
  });
});
