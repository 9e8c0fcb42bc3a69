import { apiRoutes, errorCodes, passwordResetLinkMinutes } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { organisations, user } from '../src/db/core-tables';
import { passwordResetTokens } from '../src/features/sign-in/forgotten-password-schema';
import { ssoProviders } from '../src/features/single-sign-on/single-sign-on-schema';
import {
  resetRequestsPerAddressPerHour,
  resetRequestsPerClientPerHour,
} from '../src/features/sign-in/forgotten-password-routes';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink';

// Forgotten passwords (docs/decisions/031-forgotten-passwords.md): a real SMTP server receives the link;
// the link works once and expires; the answer is the same whether or not an account exists; limits per
// address and per client; every session ends; not for organisations that require single sign-on.

const strongPassword = 'Kiwi-harbour-lantern-58';

describe.each(testDrivers())('forgotten passwords (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let demoOrganisationId: string;
  let beispielOrganisationId: string;
  /** Each test asks from its own client address, so the limit per client of one does not touch another. */
  let clientNumber = 0;
  const nextClient = () => `10.0.${Math.floor((clientNumber += 1) / 250)}.${clientNumber % 250}`;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(driver, {
      realSignIn: true,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Report Cockpit <cockpit@example.com>',
        PUBLIC_URL: 'https://cockpit.example',
      },
    });
    const orgs = await t.database.db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations);
    demoOrganisationId = orgs.find((row) => row.name === 'Demo GmbH')!.id;
    beispielOrganisationId = orgs.find((row) => row.name === 'Beispiel AG')!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const newUser = async (
    email: string,
    password: string,
    options: { organisationId?: string; uiLanguage?: 'en' | 'de-DE' | 'de-AT' } = {},
  ) =>
    (await createUserWithPassword(t.database.db, {
      organisationId: options.organisationId ?? demoOrganisationId,
      email,
      password,
      name: 'Erika Beispiel',
      roleKey: 'organisationmember',
      subscription: 'pro',
      ...(options.uiLanguage ? { uiLanguage: options.uiLanguage } : {}),
    }))!;

  const requestLink = (email: string, client = nextClient()) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.requestPasswordReset.path,
      remoteAddress: client,
      payload: { email },
    });

  const complete = (token: string, newPassword: string, client = nextClient()) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.completePasswordReset.path,
      remoteAddress: client,
      payload: { token, newPassword },
    });

  /** The mails to an address once `count` have arrived (the link is mailed after the answer). */
  async function mailsTo(address: string, count = 1): Promise<ParsedMail[]> {
    for (let waited = 0; waited < 300; waited += 1) {
      const mails = smtp.to(address);
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${address}`);
  }

  const tokenOf = (mail: ParsedMail): string => {
    const match = /https:\/\/cockpit\.example\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(match, mail.text).not.toBeNull();
    expect(mail.html).toContain(match![0]);
    return match![1]!;
  };

  /** Everything a request for the address has done: its mail, or its log line when no mail goes out. */
  async function settledRequests(): Promise<void> {
    // The work after answering is awaited when the app closes; here a request for a known address
    // marks the point by which all earlier ones have run (one connection, in order).
    const marker = `settle-${(clientNumber += 1)}@example.com`;
    await newUser(marker, strongPassword);
    expect((await requestLink(marker)).statusCode).toBe(202);
    await mailsTo(marker);
  }

  it("mails a single-use link in the user's language; it sets a new password under the password rules and ends every session", async () => {
    const email = 'forgot-anna@example.com';
    const oldPassword = 'Anna-old-pass-phrase-41';
    const id = await newUser(email, oldPassword, { uiLanguage: 'de-AT' });
    const cookies = [await t.signIn(email, oldPassword), await t.signIn(email, oldPassword)];

    const answer = await requestLink(email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: true });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Neues Passwort für Report Cockpit wählen');
    expect(mail!.text).toContain(`${passwordResetLinkMinutes} Minuten`);
    expect(mail!.from?.text).toContain('cockpit@example.com');
    const token = tokenOf(mail!);
    // Only the hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The rules of decision 022 apply, and a refused password does not use up the link.
    const common = await complete(token, 'password1234');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe(errorCodes.commonPassword);
    const personal = await complete(token, 'Erika-Beispiel-2026');
    expect(personal.json().error.code).toBe(errorCodes.personalPassword);

    const done = await complete(token, strongPassword);
    expect(done.statusCode, done.body).toBe(204);
    // Every session ended: the cookies no longer give a token.
    for (const cookie of cookies) {
      const exchanged = await t.app.inject({
        method: 'GET',
        url: apiRoutes.getToken.path,
        headers: { cookie },
      });
      expect(exchanged.statusCode).toBe(401);
    }
    await expect(t.signIn(email, oldPassword)).rejects.toThrow(/401/);
    await t.signIn(email, strongPassword);

    // Single use.
    const again = await complete(token, 'Another-kiwi-lantern-77');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe(errorCodes.linkUsed);
  });

  it('answers the same for an unknown, a deactivated and a known address, and mails only the known one', async () => {
    const known = 'forgot-known@example.com';
    const inactive = 'forgot-inactive@example.com';
    await newUser(known, 'Known-old-pass-phrase-1');
    const inactiveId = await newUser(inactive, 'Inactive-pass-phrase-2');
    await t.database.db.update(user).set({ active: false }).where(eq(user.id, inactiveId));

    const answers = await Promise.all([
      requestLink(known),
      requestLink('nobody-here@example.com'),
      requestLink(inactive),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(answer.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
    await mailsTo(known);
    await settledRequests();
    expect(smtp.to('nobody-here@example.com')).toEqual([]);
    expect(smtp.to(inactive)).toEqual([]);
    // The address in another case is the same account.
    expect((await requestLink(known.toUpperCase())).statusCode).toBe(202);
    await mailsTo(known, 2);
  });

  it('refuses an expired link and an unknown one with the same answer', async () => {
    const email = 'forgot-late@example.com';
    const id = await newUser(email, 'Late-old-pass-phrase-3');
    await requestLink(email);
    const token = tokenOf((await mailsTo(email))[0]!);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResetTokens.userId, id));
    const expired = await complete(token, strongPassword);
    const unknown = await complete('A'.repeat(43), strongPassword);
    expect(expired.statusCode).toBe(410);
    expect(unknown.statusCode).toBe(410);
    expect(expired.body).toBe(unknown.body);
    await t.signIn(email, 'Late-old-pass-phrase-3');
  });

  it('a completed reset uses up the other links of the user', async () => {
    const email = 'forgot-twice@example.com';
    await newUser(email, 'Twice-old-pass-phrase-4');
    await requestLink(email);
    await requestLink(email);
    const [first, second] = await mailsTo(email, 2);
    expect((await complete(tokenOf(second!), strongPassword)).statusCode).toBe(204);
    expect((await complete(tokenOf(first!), 'Another-kiwi-lantern-77')).statusCode).toBe(410);
  });

  it(`limits requests to ${resetRequestsPerAddressPerHour} per address and ${resetRequestsPerClientPerHour} per client and hour`, async () => {
    const email = 'forgot-limited@example.com';
    await newUser(email, 'Limited-pass-phrase-5');
    for (let index = 0; index < resetRequestsPerAddressPerHour; index += 1) {
      expect((await requestLink(email)).statusCode).toBe(202);
    }
    // From yet another client: the address is limited, whoever asks; an unknown address the same.
    const refused = await requestLink(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe(errorCodes.rateLimited);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await requestLink(email.toUpperCase())).statusCode).toBe(429);

    const client = nextClient();
    for (let index = 0; index < resetRequestsPerClientPerHour; index += 1) {
      expect((await requestLink(`client-limit-${index}@example.com`, client)).statusCode).toBe(202);
    }
    expect((await requestLink('client-limit-last@example.com', client)).statusCode).toBe(429);
    await settledRequests();
    expect(smtp.to(email)).toHaveLength(resetRequestsPerAddressPerHour);
  });

  it('sends no link where the organisation requires single sign-on, and refuses a link made before', async () => {
    const email = 'forgot-sso@beispiel.example';
    await newUser(email, 'Beispiel-pass-phrase-6', { organisationId: beispielOrganisationId });
    await requestLink(email);
    const token = tokenOf((await mailsTo(email))[0]!);
    await t.database.db.insert(ssoProviders).values({
      organisationId: beispielOrganisationId,
      issuerUrl: 'https://login.beispiel.example',
      clientId: 'cockpit',
      clientSecretEncrypted: '',
      requireSingleSignOn: true,
    });
    try {
      const refused = await complete(token, strongPassword);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe(errorCodes.singleSignOnRequired);
      const answer = await requestLink(email);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ accepted: true });
      await settledRequests();
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      await t.database.db.delete(ssoProviders).where(eq(ssoProviders.organisationId, beispielOrganisationId));
    }
  });

  it('refuses malformed bodies with 400 and never mails the demo administrator by accident', async () => {
    for (const payload of [
      {},
      { email: 'not-an-address' },
      { email: `${'a'.repeat(300)}@example.com` },
      { email: ['a@b.c'] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiRoutes.requestPasswordReset.path,
        remoteAddress: nextClient(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [
      { token: '', newPassword: strongPassword },
      { token: 'x'.repeat(201), newPassword: strongPassword },
      { token: 'x', newPassword: 'short' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiRoutes.completePasswordReset.path,
        remoteAddress: nextClient(),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(smtp.to(demoUsers.admin)).toEqual([]);
  });
});

describe('forgotten passwords without SMTP_URL: the outbox (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { realSignIn: true });
  }, 120_000);
  afterAll(() => t?.close());

  it("writes the link to the outbox, where the user's organisation's administrators read it", async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: apiRoutes.requestPasswordReset.path,
          payload: { email: demoUsers.member },
        })
      ).statusCode,
    ).toBe(202);
    let mails: { id: string; to: string; subject: string }[] = [];
    for (let waited = 0; waited < 300 && mails.length === 0; waited += 1) {
      const listed = await t.app.inject({
        method: 'GET',
        url: apiRoutes.listOutbox.path,
        headers: await t.bearer(demoUsers.admin),
      });
      mails = listed.json<{ mails: typeof mails }>().mails.filter((mail) => mail.to === demoUsers.member);
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Choose a new password for Report Cockpit');
    const other = await t.app.inject({
      method: 'GET',
      url: apiRoutes.listOutbox.path,
      headers: await t.bearer(demoUsers.beispielAdmin),
    });
    expect(
      other.json<{ mails: { to: string }[] }>().mails.filter((mail) => mail.to === demoUsers.member),
    ).toEqual([]);
  });
});
