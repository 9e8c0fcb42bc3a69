import {
  apiRoutes,
  type BannerContent,
  type BannerMessageInput,
  contractMessageResponseSchema,
  contractOverviewSchema,
  currentMessageResponseSchema,
  managedBannerSchema,
  managedBannersResponseSchema,
  managedUserSchema,
  managedUsersResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerMessages } from '../src/features/messages/messages-schema';
import { contracts } from '../src/features/contract/contract-schema';
import { organisations, session, user } from '../src/db/core-tables';
import { maxRefusedAddressesPerHour, refusedAddressesKey } from '../src/features/users/managed-users-routes';
import { demoWelcomeBanner } from '../src/seed/management-seed';
import { seedDemoData } from '../src/seed/seed';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function banner(overrides: (content: BannerContent) => BannerContent = (c) => c): BannerMessageInput {
  return { startsAt: null, endsAt: null, content: overrides(structuredClone(demoWelcomeBanner)) };
}

describe.each(testDrivers())('management API (%s)', (driver) => {
  let t: TestApp;

  /** An API call as a demo user (or with a given bearer token). */
  async function call(as: string, method: Method, url: string, payload?: object) {
    const authorization = as.startsWith('Bearer ') ? as : `Bearer ${await t.tokenFor(as)}`;
    return t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
  }
  const admin = (method: Method, url: string, payload?: object) =>
    call(demoUsers.admin, method, url, payload);

  async function tokenOf(cookie: string): Promise<string> {
    const response = await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  }

  async function createUser(email: string, password = 'initial-password-123', extra: object = {}) {
    const response = await admin('POST', apiRoutes.listUsers.path, {
      name: 'Nina Neu',
      email,
      password,
      roleKey: 'organisationmember',
      subscription: 'basic',
      uiLanguage: 'de-DE',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return managedUserSchema.parse(response.json());
  }

  let demoAdminId = '';

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const [demoAdmin] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, demoUsers.admin));
    demoAdminId = demoAdmin!.id;
  });
  afterAll(() => t?.close());

  describe('users', () => {
    it('lists the users of the own organisation only, by name, with the caller marked', async () => {
      const response = await admin('GET', apiRoutes.listUsers.path);
      expect(response.statusCode).toBe(200);
      const list = managedUsersResponseSchema.parse(response.json());
      expect(list.items.map((u) => u.email)).toEqual([
        'admin@example.com',
        'basic@example.com',
        'member@example.com',
      ]);
      expect(list.total).toBe(3);
      expect(list.items.find((u) => u.isSelf)?.email).toBe('admin@example.com');
      expect(response.body).not.toContain('beispiel');
    });

    it('searches name and e-mail case-insensitively; LIKE wildcards are literal; pages', async () => {
      const byName = managedUsersResponseSchema.parse(
        (await admin('GET', `${apiRoutes.listUsers.path}?search=MAX`)).json(),
      );
      expect(byName.items.map((u) => u.name)).toEqual(['Max Member']);
      const byMail = managedUsersResponseSchema.parse(
        (await admin('GET', `${apiRoutes.listUsers.path}?search=basic@`)).json(),
      );
      expect(byMail.items.map((u) => u.email)).toEqual(['basic@example.com']);
      const wildcard = managedUsersResponseSchema.parse(
        (await admin('GET', `${apiRoutes.listUsers.path}?search=%25`)).json(),
      );
      expect(wildcard.items).toEqual([]);
      const page2 = managedUsersResponseSchema.parse(
        (await admin('GET', `${apiRoutes.listUsers.path}?pageSize=1&page=2`)).json(),
      );
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 1 });
      expect(page2.items.map((u) => u.email)).toEqual(['basic@example.com']);
      expect((await admin('GET', `${apiRoutes.listUsers.path}?pageSize=1000`)).statusCode).toBe(400);
      expect((await admin('GET', `${apiRoutes.listUsers.path}?search=${'x'.repeat(101)}`)).statusCode).toBe(
        400,
      );
    });

    it('creates a user with an initial password who can then sign in', async () => {
      const created = await createUser('Nina.Neu@Example.com');
      expect(created).toMatchObject({
        email: 'nina.neu@example.com',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: 'de-DE',
        active: true,
        isSelf: false,
      });
      const cookie = await t.signIn('nina.neu@example.com', 'initial-password-123');
      const settings = await call(`Bearer ${await tokenOf(cookie)}`, 'GET', apiRoutes.getUserSettings.path);
      expect(settings.json()).toMatchObject({ userDisplayName: 'Nina Neu', organisationName: 'Demo GmbH' });
    });

    it('answers an address of another organisation exactly like one of its own, never "exists", and limits such answers', async () => {
      const base = {
        name: 'Probe',
        password: 'long-enough-password',
        roleKey: 'organisationmember',
        subscription: 'pro',
        uiLanguage: 'en',
      };
      const key = refusedAddressesKey(demoAdminId);
      await t.app.rateLimitStore.reset(key);
      const own = await admin('POST', apiRoutes.listUsers.path, { ...base, email: 'member@example.com' });
      const elsewhere = await admin('POST', apiRoutes.listUsers.path, {
        ...base,
        email: 'admin@beispiel.example',
      });
      expect(elsewhere.statusCode).toBe(own.statusCode);
      expect(elsewhere.json()).toEqual(own.json());
      expect(elsewhere.json().error.message).not.toMatch(/exist/i);
      // An administrator sweeping addresses through the form gets a handful of answers an hour, then 429.
      const statuses: number[] = [];
      for (let refused = 2; refused <= maxRefusedAddressesPerHour; refused += 1) {
        statuses.push(
          (await admin('POST', apiRoutes.listUsers.path, { ...base, email: `admin@beispiel.example` }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([...Array<number>(maxRefusedAddressesPerHour - 2).fill(409), 429]);
      const limited = await admin('POST', apiRoutes.listUsers.path, { ...base, email: 'member@example.com' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await t.app.rateLimitStore.reset(key);
    });

    it('refuses a taken e-mail (409) and invalid input (400 naming the field)', async () => {
      const base = {
        name: 'Someone',
        email: 'someone@example.com',
        password: 'long-enough-password',
        roleKey: 'organisationmember',
        subscription: 'pro',
        uiLanguage: 'en',
      };
      const taken = await admin('POST', apiRoutes.listUsers.path, { ...base, email: 'MEMBER@example.com' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('CONFLICT');
      const takenElsewhere = await admin('POST', apiRoutes.listUsers.path, {
        ...base,
        email: 'admin@beispiel.example',
      });
      expect(takenElsewhere.statusCode).toBe(409);
      expect(takenElsewhere.body).not.toContain('Beispiel AG');
      await t.app.rateLimitStore.reset(refusedAddressesKey(demoAdminId));

      const invalid: [string, object][] = [
        ['password', { ...base, password: 'x'.repeat(11) }],
        ['password', { ...base, password: 'x'.repeat(129) }],
        ['email', { ...base, email: 'not-an-email' }],
        ['name', { ...base, name: '   ' }],
        ['name', { ...base, name: 'Line\nbreak' }],
        ['roleKey', { ...base, roleKey: 'superuser' }],
        ['subscription', { ...base, subscription: 'gold' }],
        ['organisationId', { ...base, organisationId: 'x' }],
      ];
      for (const [field, payload] of invalid) {
        const response = await admin('POST', apiRoutes.listUsers.path, payload);
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error.message, field).toContain(field);
      }
      const list = managedUsersResponseSchema.parse(
        (await admin('GET', `${apiRoutes.listUsers.path}?search=someone`)).json(),
      );
      expect(list.items).toEqual([]);
    });

    it('changes role, subscription and name; never the own role', async () => {
      const target = await createUser('role-change@example.com');
      const changed = await admin('PATCH', pathOf(apiRoutes.updateUser, { id: target.id }), {
        roleKey: 'organisationadministrator',
        subscription: 'pro',
        name: 'Renate Rolle',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        roleKey: 'organisationadministrator',
        subscription: 'pro',
        name: 'Renate Rolle',
      });

      const cookie = await t.signIn('role-change@example.com', 'initial-password-123');
      const settings = await call(`Bearer ${await tokenOf(cookie)}`, 'GET', apiRoutes.getUserSettings.path);
      expect(settings.json()).toMatchObject({ roleKey: 'organisationadministrator', subscription: 'pro' });

      const selfId = managedUsersResponseSchema
        .parse((await admin('GET', apiRoutes.listUsers.path)).json())
        .items.find((u) => u.isSelf)!.id;
      const ownRole = await admin('PATCH', pathOf(apiRoutes.updateUser, { id: selfId }), {
        roleKey: 'organisationmember',
      });
      expect(ownRole.statusCode).toBe(409);
      const ownSubscription = await admin('PATCH', pathOf(apiRoutes.updateUser, { id: selfId }), {
        subscription: 'pro',
      });
      expect(ownSubscription.statusCode).toBe(200);

      expect((await admin('PATCH', pathOf(apiRoutes.updateUser, { id: target.id }), {})).statusCode).toBe(
        400,
      );
      expect(
        (await admin('PATCH', pathOf(apiRoutes.updateUser, { id: 'no-such-user' }), { subscription: 'pro' }))
          .statusCode,
      ).toBe(404);
    });

    it('deactivating ends the sessions at once and the next call gets 401; reactivating lets them in again', async () => {
      const target = await createUser('leaver@example.com');
      const cookie = await t.signIn('leaver@example.com', 'initial-password-123');
      const token = await tokenOf(cookie);
      expect((await call(`Bearer ${token}`, 'GET', apiRoutes.getUserSettings.path)).statusCode).toBe(200);

      const deactivated = await admin('POST', pathOf(apiRoutes.deactivateUser, { id: target.id }), {});
      expect(deactivated.statusCode).toBe(200);
      expect(deactivated.json()).toMatchObject({ active: false });

      const sessions = await t.database.db.select().from(session).where(eq(session.userId, target.id));
      expect(sessions).toEqual([]);
      // The token has not expired, but the user is no longer active.
      expect((await call(`Bearer ${token}`, 'GET', apiRoutes.getUserSettings.path)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })).statusCode,
      ).toBe(401);
      await expect(t.signIn('leaver@example.com', 'initial-password-123')).rejects.toThrow(/failed: 401/);

      const reactivated = await admin('POST', pathOf(apiRoutes.reactivateUser, { id: target.id }), {});
      expect(reactivated.json()).toMatchObject({ active: true });
      const again = await t.signIn('leaver@example.com', 'initial-password-123');
      expect(
        (await call(`Bearer ${await tokenOf(again)}`, 'GET', apiRoutes.getUserSettings.path)).statusCode,
      ).toBe(200);
    });

    it('an administrator cannot deactivate themselves', async () => {
      const selfId = managedUsersResponseSchema
        .parse((await admin('GET', apiRoutes.listUsers.path)).json())
        .items.find((u) => u.isSelf)!.id;
      const response = await admin('POST', pathOf(apiRoutes.deactivateUser, { id: selfId }), {});
      expect(response.statusCode).toBe(409);
      expect((await admin('GET', apiRoutes.listUsers.path)).statusCode).toBe(200);
    });
  });

  describe('banner messages', () => {
    it('rejects unsafe links, half-made buttons and a schedule that ends before it starts', async () => {
      const cases: [string, BannerMessageInput][] = [
        [
          'javascript:',
          banner((c) => ({
            ...c,
            en: { ...c.en, secondary: { label: 'x', type: 'link', href: 'javascript:alert(1)' } },
          })),
        ],
        [
          'java\\tscript:',
          banner((c) => ({
            ...c,
            en: { ...c.en, secondary: { label: 'x', type: 'link', href: 'java\tscript:alert(1)' } },
          })),
        ],
        [
          'data:',
          banner((c) => ({
            ...c,
            de: { ...c.de!, primary: { label: null, type: 'link', href: 'data:text/html,<b>x</b>' } },
          })),
        ],
        [
          'protocol-relative',
          banner((c) => ({
            ...c,
            en: { ...c.en, primary: { label: null, type: 'link', href: '//evil.example' } },
          })),
        ],
        [
          'backslash',
          banner((c) => ({
            ...c,
            en: { ...c.en, primary: { label: null, type: 'link', href: '/\\evil.example' } },
          })),
        ],
        [
          'leading blank',
          banner((c) => ({
            ...c,
            en: { ...c.en, primary: { label: null, type: 'link', href: ' https://example.com' } },
          })),
        ],
        [
          'scheme-less',
          banner((c) => ({
            ...c,
            en: { ...c.en, primary: { label: null, type: 'link', href: 'example.com' } },
          })),
        ],
        [
          'link without href',
          banner((c) => ({ ...c, en: { ...c.en, primary: { label: null, type: 'link', href: null } } })),
        ],
        [
          'close with href',
          banner((c) => ({
            ...c,
            en: { ...c.en, primary: { label: null, type: 'close', href: '/settings' } },
          })),
        ],
        [
          'secondary without label',
          banner((c) => ({ ...c, en: { ...c.en, secondary: { label: ' ', type: 'close', href: null } } })),
        ],
        ['empty title', banner((c) => ({ ...c, de: { ...c.de!, title: '' } }))],
        [
          'end before start',
          { ...banner(), startsAt: '2030-01-02T00:00:00.000Z', endsAt: '2030-01-01T00:00:00.000Z' },
        ],
        ['not a date', { ...banner(), startsAt: 'tomorrow' }],
      ];
      for (const [label, payload] of cases) {
        const response = await admin('POST', apiRoutes.listBanners.path, payload);
        expect(response.statusCode, label).toBe(400);
        expect(response.json().error.code, label).toBe('BAD_REQUEST');
      }
      const missingEnglish = await admin('POST', apiRoutes.listBanners.path, {
        startsAt: null,
        endsAt: null,
        content: { de: demoWelcomeBanner.de! },
      });
      expect(missingEnglish.statusCode).toBe(400);
      expect(missingEnglish.json().error.message).toContain('content.en');
      // German is optional (the catalogue's pattern): without it, German users read English.
      const englishOnly = await admin('POST', apiRoutes.listBanners.path, {
        startsAt: null,
        endsAt: null,
        content: { en: demoWelcomeBanner.en },
      });
      expect(englishOnly.statusCode, englishOnly.body).toBe(201);
      expect(englishOnly.json().content.de).toBeNull();
      await admin('DELETE', pathOf(apiRoutes.deleteBanner, { id: englishOnly.json().id }));
      const schedule = await admin('POST', apiRoutes.listBanners.path, cases[11]![1]);
      expect(schedule.json().error.message).toContain('endsAt');
    });

    it('creates, lists with schedule status, edits and deletes', async () => {
      const future = await admin('POST', apiRoutes.listBanners.path, {
        ...banner((c) => ({
          ...c,
          en: {
            ...c.en,
            title: 'Future',
            primary: { label: 'Read', type: 'link', href: 'https://example.com/news' },
          },
        })),
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(future.statusCode, future.body).toBe(201);
      const created = managedBannerSchema.parse(future.json());
      expect(created.status).toBe('scheduled');

      const past = managedBannerSchema.parse(
        (
          await admin('POST', apiRoutes.listBanners.path, {
            ...banner((c) => ({ ...c, en: { ...c.en, title: 'Past' } })),
            startsAt: '2020-01-01T00:00:00.000Z',
            endsAt: '2020-02-01T00:00:00.000Z',
          })
        ).json(),
      );
      expect(past.status).toBe('ended');

      const list = managedBannersResponseSchema.parse(
        (await admin('GET', apiRoutes.listBanners.path)).json(),
      );
      const statuses = Object.fromEntries(list.items.map((b) => [b.content.en.title, b.status]));
      expect(statuses).toMatchObject({
        Future: 'scheduled',
        Past: 'ended',
        [demoWelcomeBanner.en.title]: 'active',
      });

      const edited = await admin('PUT', pathOf(apiRoutes.updateBanner, { id: created.id }), {
        ...banner((c) => ({ ...c, en: { ...c.en, title: 'Future, edited' } })),
        startsAt: null,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'active', content: { en: { title: 'Future, edited' } } });

      expect((await admin('DELETE', pathOf(apiRoutes.updateBanner, { id: created.id }))).statusCode).toBe(
        204,
      );
      expect((await admin('DELETE', pathOf(apiRoutes.updateBanner, { id: created.id }))).statusCode).toBe(
        404,
      );
      expect(
        (await admin('PUT', pathOf(apiRoutes.updateBanner, { id: created.id }), banner())).statusCode,
      ).toBe(404);
      await admin('DELETE', pathOf(apiRoutes.updateBanner, { id: past.id }));
    });
  });

  describe('message service (docs/product.md §7)', () => {
    const current = (as: string, query = '') =>
      call(as, 'GET', `${apiRoutes.getCurrentMessage.path}${query}`);

    it('answers the current banner message in the UI language, default label left to the client', async () => {
      const english = currentMessageResponseSchema.parse(
        (await current(demoUsers.member, '?uiLanguageName=en')).json(),
      );
      expect(english.success).toBe(true);
      expect(english.item).toMatchObject({
        title: demoWelcomeBanner.en.title,
        action: { label: null, type: 'close', href: null },
        secondaryAction: { label: 'Open settings', type: 'link', href: '/settings' },
      });
      const austrian = currentMessageResponseSchema.parse(
        (await current(demoUsers.member, '?uiLanguageName=de-AT')).json(),
      );
      expect(austrian.item).toMatchObject({ id: english.item!.id, title: demoWelcomeBanner.de!.title });
      expect(austrian.item?.secondaryAction?.label).toBe('Einstellungen öffnen');

      const other = currentMessageResponseSchema.parse((await current(demoUsers.beispielAdmin)).json());
      expect(other).toEqual({ success: false, item: null });
      expect((await t.app.inject({ method: 'GET', url: apiRoutes.getCurrentMessage.path })).statusCode).toBe(
        401,
      );
    });

    it('shows the newest active message, skips broken stored content, and keeps a closed one closed', async () => {
      const [demo] = await t.database.db
        .select()
        .from(organisations)
        .where(eq(organisations.name, 'Demo GmbH'));
      // Newer, but its stored content is not a banner: never shown, never listed, no error.
      await t.database.db
        .insert(bannerMessages)
        .values({ organisationId: demo!.id, startsAt: new Date(), content: { en: { title: '<script>' } } });
      const newer = managedBannerSchema.parse(
        (
          await admin('POST', apiRoutes.listBanners.path, {
            ...banner((c) => ({ ...c, en: { ...c.en, title: 'Newest' } })),
            startsAt: new Date(Date.now() - 1000).toISOString(),
          })
        ).json(),
      );
      const listed = managedBannersResponseSchema.parse(
        (await admin('GET', apiRoutes.listBanners.path)).json(),
      );
      expect(JSON.stringify(listed)).not.toContain('<script>');

      const first = currentMessageResponseSchema.parse((await current(demoUsers.basic)).json());
      expect(first.item?.id).toBe(newer.id);

      const dismiss = (as: string, id: string) =>
        call(as, 'POST', pathOf(apiRoutes.dismissMessage, { id }), {});
      expect((await dismiss(demoUsers.basic, newer.id)).statusCode).toBe(204);
      expect((await dismiss(demoUsers.basic, newer.id)).statusCode).toBe(204); // idempotent
      const next = currentMessageResponseSchema.parse((await current(demoUsers.basic)).json());
      expect(next.item?.title).toBe(demoWelcomeBanner.en.title);
      // Only for that user.
      expect(currentMessageResponseSchema.parse((await current(demoUsers.member)).json()).item?.id).toBe(
        newer.id,
      );

      expect((await dismiss(demoUsers.basic, next.item!.id)).statusCode).toBe(204);
      expect(currentMessageResponseSchema.parse((await current(demoUsers.basic)).json())).toEqual({
        success: false,
        item: null,
      });
      const counted = managedBannersResponseSchema.parse(
        (await admin('GET', apiRoutes.listBanners.path)).json(),
      );
      expect(counted.items.find((b) => b.id === newer.id)?.dismissals).toBe(1);

      // Another organisation's message or an unknown id: not found.
      expect((await dismiss(demoUsers.beispielAdmin, newer.id)).statusCode).toBe(404);
      expect((await dismiss(demoUsers.basic, 'no-such-message')).statusCode).toBe(404);
      await admin('DELETE', pathOf(apiRoutes.updateBanner, { id: newer.id }));
    });

    it('offers the contract message to administrators only, until the contract is accepted', async () => {
      const contractMessage = async (as: string) =>
        contractMessageResponseSchema.parse(
          (await call(as, 'GET', apiRoutes.getContractMessage.path)).json(),
        );
      expect(await contractMessage(demoUsers.member)).toEqual({ available: false, item: null });
      expect(await contractMessage(demoUsers.beispielAdmin)).toEqual({ available: false, item: null });
      const offered = await contractMessage(demoUsers.admin);
      expect(offered).toMatchObject({ available: true, item: { reference: 'RC-2025-0342' } });

      const overview = contractOverviewSchema.parse(
        (await admin('GET', `${apiRoutes.getContract.path}?isoLanguageName=de-DE`)).json(),
      );
      expect(overview).toMatchObject({
        organisationName: 'Demo GmbH',
        current: { reference: 'RC-2024-0117', plan: 'basic', seats: 10, status: 'active' },
        pending: { reference: 'RC-2025-0342', plan: 'pro', seats: 25, status: 'pending', acceptedAt: null },
        usage: { activeUsers: expect.any(Number) as number },
      });
      expect(overview.pending?.terms).toContain('Benutzer');

      const accept = await admin('POST', pathOf(apiRoutes.acceptContract, { id: offered.item!.id }), {});
      expect(accept.statusCode).toBe(200);
      const after = contractOverviewSchema.parse(accept.json());
      expect(after.pending).toBeNull();
      expect(after.current).toMatchObject({
        reference: 'RC-2025-0342',
        status: 'active',
        acceptedByName: 'Anna Admin',
      });
      expect(await contractMessage(demoUsers.admin)).toEqual({ available: false, item: null });

      const again = await admin('POST', pathOf(apiRoutes.acceptContract, { id: offered.item!.id }), {});
      expect(again.statusCode).toBe(409);
      const rows = await t.database.db
        .select({ status: contracts.status })
        .from(contracts)
        .where(eq(contracts.reference, 'RC-2024-0117'));
      expect(rows).toEqual([{ status: 'superseded' }]);

      // The seed does not bring the accepted contract back as pending, nor duplicate anything.
      const bannersBefore = (await t.database.db.select().from(bannerMessages)).length;
      await seedDemoData(t.database.db);
      expect(await contractMessage(demoUsers.admin)).toEqual({ available: false, item: null });
      expect((await t.database.db.select().from(bannerMessages)).length).toBe(bannersBefore);
    });
  });
});
