import { apiRoutes, newPasswordSchema } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/auth/password';
import { account, user } from '../src/db/core-tables';
import { type TestApp, buildTestApp, demoUsers } from './helpers/build-test-app';

// Security hardening requirement "Passwords: at least 12 characters, at most 128; argon2id with ASVS parameters (m ≥ 19 MiB, t ≥ 2)".

describe('password hashing', () => {
  it('uses argon2id with at least 19 MiB and 2 passes, salted', async () => {
    const hash = await hashPassword('Correct-horse-battery');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(await hashPassword('Correct-horse-battery')).not.toBe(hash);
    expect(await verifyPassword({ hash, password: 'Correct-horse-battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'Correct-horse-batterY' })).toBe(false);
    expect(await verifyPassword({ hash: 'not-a-hash', password: 'x' })).toBe(false);
  });
});

describe('password length rules', () => {
  it('are 12 to 128 characters in the shared schema (for every form that sets a password)', () => {
    expect(newPasswordSchema.safeParse('a'.repeat(11)).success).toBe(false);
    expect(newPasswordSchema.safeParse('a'.repeat(12)).success).toBe(true);
    expect(newPasswordSchema.safeParse('ä'.repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });

  // The auth library's own change-password endpoint is switched off (decision 009); this is the one.
  describe('in the password change of the settings page', () => {
    let t: TestApp;
    let cookie: string;
    let authorization: string;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
      cookie = await t.signIn(demoUsers.basic);
      // The bearer of the same session: a password change keeps the session that asked for it only.
      const token = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
      authorization = `Bearer ${token.json<{ token: string }>().token}`;
    });
    afterAll(() => t?.close());

    const change = async (newPassword: string, currentPassword = 'Cockpit-basic-1') =>
      t.app.inject({
        method: 'POST',
        url: apiRoutes.changePassword.path,
        headers: { authorization, cookie },
        payload: { currentPassword, newPassword },
      });

    it('refuses new passwords shorter than 12 or longer than 128 characters', async () => {
      for (const password of ['a'.repeat(11), 'a'.repeat(129)]) {
        const response = await change(password);
        expect(response.statusCode, `${password.length} characters`).toBe(400);
        expect(response.json().error.code).toBe('BAD_REQUEST');
      }
    });

    it('accepts 12 characters and stores an argon2id hash', async () => {
      const response = await change('twelve-chars');
      expect(response.statusCode).toBe(204);
      const [row] = await t.database.db
        .select({ password: account.password })
        .from(account)
        .innerJoin(user, eq(user.id, account.userId))
        .where(eq(user.email, demoUsers.basic));
      expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(
        (await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })).statusCode,
      ).toBe(200);
    });
  });
});
