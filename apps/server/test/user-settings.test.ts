import { apiErrorSchema, apiRoutes, userSettingsSchema } from '@cockpit/contracts';
import { maxPasswordChangeFailuresPerHour } from '../src/features/user-settings/user-settings-routes';
import { demoSignIns } from '../src/seed/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  buildTestApp,
  demoUsers,
  integrityHeader,
  testDrivers,
} from './helpers/build-test-app';

describe.each(testDrivers())('GET /api/user/settings (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const settingsOf = async (email: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getUserSettings.path}${query}`,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    return userSettingsSchema.parse(response.json());
  };

  it.each([
    [demoUsers.admin, 'Anna Admin', 'organisationadministrator', 'pro', 'Demo GmbH'],
    [demoUsers.member, 'Max Member', 'organisationmember', 'pro', 'Demo GmbH'],
    [demoUsers.basic, 'Bea Basic', 'organisationmember', 'basic', 'Demo GmbH'],
    [demoUsers.beispielAdmin, 'Bernd Beispiel', 'organisationadministrator', 'pro', 'Beispiel AG'],
  ])(
    'has the docs/product.md §3 shape for %s',
    async (email, displayName, roleKey, subscription, organisationName) => {
      const settings = await settingsOf(email);
      expect(settings).toMatchObject({
        userDisplayName: displayName,
        roleKey,
        subscription,
        organisationName,
        email,
      });
      expect(settings.accountSettings.uiLanguage).toEqual({ name: 'en', twoLetterISOlanguageName: 'en' });
      expect(settings.availableUiLanguages.map((language) => language.name)).toEqual([
        'en',
        'de-DE',
        'de-AT',
      ]);
      expect(settings.availableUiLanguages[2]).toEqual({ name: 'de-AT', twoLetterISOlanguageName: 'de' });
    },
  );

  it('labels the role in the language the client asks for', async () => {
    expect((await settingsOf(demoUsers.admin)).role).toBe('Organisation administrator');
    expect((await settingsOf(demoUsers.admin, '?isoLanguageName=de-DE')).role).toBe(
      'Organisationsadministrator',
    );
    expect((await settingsOf(demoUsers.member, '?isoLanguageName=de-AT')).role).toBe('Mitglied');
    expect((await settingsOf(demoUsers.member, '?isoLanguageName=fr')).role).toBe('Member');
  });
});

describe.each(testDrivers())('PUT /api/user/settings (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const valid = {
    uiLanguage: 'de-AT',
    uiCulture: 'de-AT',
    currencySymbol: 'CHF',
    displayName: 'Maximilian M.',
  };
  const put = async (email: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: apiRoutes.getUserSettings.path,
      headers: await t.bearer(email),
      payload,
    });

  it('saves language, culture, currency and display name and answers the whole entity', async () => {
    const response = await put(demoUsers.member, {
      ...valid,
      displayName: '  Maximilian M.  ',
      // The client fields of docs/product.md §7 are accepted beside the settings.
      useBackendTranslation: false,
      isoLanguageName: 'en',
      cultureName: 'en-GB',
      currencySymbol: 'CHF',
    });
    expect(response.statusCode).toBe(200);
    const saved = userSettingsSchema.parse(response.json());
    expect(saved.accountSettings).toEqual({
      uiLanguage: { name: 'de-AT', twoLetterISOlanguageName: 'de' },
      uiCulture: 'de-AT',
      currencySymbol: 'CHF',
    });
    // Trimmed; the role label is already in the language just chosen.
    expect(saved.userDisplayName).toBe('Maximilian M.');
    expect(saved.role).toBe('Mitglied');

    // Stored: a later read (a new sign-in, another tab) sees it.
    const read = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: await t.bearer(demoUsers.member),
    });
    expect(userSettingsSchema.parse(read.json())).toMatchObject({
      userDisplayName: 'Maximilian M.',
      accountSettings: { uiCulture: 'de-AT', currencySymbol: 'CHF' },
    });
    // Only this user changed.
    const other = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: await t.bearer(demoUsers.admin),
    });
    expect(userSettingsSchema.parse(other.json())).toMatchObject({
      userDisplayName: 'Anna Admin',
      accountSettings: { uiCulture: 'auto', currencySymbol: '€' },
    });
  });

  it.each([
    ['an unknown language', { ...valid, uiLanguage: 'fr' }, 'uiLanguage'],
    ['an unknown culture', { ...valid, uiCulture: 'xx-YY' }, 'uiCulture'],
    ['an empty currency symbol', { ...valid, currencySymbol: '   ' }, 'currencySymbol'],
    ['a too long currency symbol', { ...valid, currencySymbol: 'EUROEUROS' }, 'currencySymbol'],
    ['an empty display name', { ...valid, displayName: '' }, 'displayName'],
    ['a display name of 101 characters', { ...valid, displayName: 'x'.repeat(101) }, 'displayName'],
    ['a display name with a line break', { ...valid, displayName: 'Max\nMember' }, 'displayName'],
    ['a missing field', { uiLanguage: 'en', uiCulture: 'en-GB', currencySymbol: '€' }, 'displayName'],
    ['an unknown field', { ...valid, roleKey: 'organisationadministrator' }, 'roleKey'],
  ])('answers 400 naming the field for %s', async (_, payload, field) => {
    const response = await put(demoUsers.basic, payload);
    expect(response.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(response.json());
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(field);
  });

  it('needs a bearer token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.getUserSettings.path,
      payload: valid,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(testDrivers())('POST /api/user/password (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const email = demoUsers.basic;
  const oldPassword = demoSignIns.find((user) => user.email === email)?.password ?? '';
  const change = async (payload: Record<string, unknown>, extraHeaders: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.changePassword.path,
      headers: { ...(await t.bearer(email)), ...extraHeaders },
      payload,
    });
  const signInStatus = async (password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: apiRoutes.signInWithEmail.path,
        headers: { origin: t.origin, ...(await integrityHeader(t.app)) },
        payload: { email, password },
      })
    ).statusCode;

  it('refuses a wrong current password with its own code and changes nothing', async () => {
    const response = await change({ currentPassword: 'not-the-password', newPassword: 'A-new-password-123' });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('INVALID_CURRENT_PASSWORD');
    expect(await signInStatus(oldPassword)).toBe(200);
  });

  it.each([
    [
      'a new password of 11 characters',
      { currentPassword: oldPassword, newPassword: 'x'.repeat(11) },
      'newPassword',
    ],
    [
      'a new password of 129 characters',
      { currentPassword: oldPassword, newPassword: 'x'.repeat(129) },
      'newPassword',
    ],
    ['no current password', { currentPassword: '', newPassword: 'A-new-password-123' }, 'currentPassword'],
  ])('answers 400 naming the field for %s', async (_, payload, field) => {
    const response = await change(payload);
    expect(response.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(response.json());
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(field);
  });

  it('needs a valid bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not.a.jwt' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiRoutes.changePassword.path,
        headers,
        payload: { currentPassword: oldPassword, newPassword: 'A-new-password-123' },
      });
      expect(response.statusCode).toBe(401);
    }
    expect(await signInStatus(oldPassword)).toBe(200);
  });

  it('accepts the client fields of docs/product.md §7 beside the passwords (and still checks them)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${apiRoutes.changePassword.path}?useBackendTranslation=false&isoLanguageName=de-DE`,
      headers: await t.bearer(email),
      payload: {
        currentPassword: 'wrong-password-here',
        newPassword: 'A-new-password-123',
        useBackendTranslation: false,
        isoLanguageName: 'de-DE',
        cultureName: 'de-DE',
        currencySymbol: '€',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('changes the password, keeps the session of the verified token and ends the other ones', async () => {
    const tokenWith = async (cookie: string) =>
      t.app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    const thisBrowser = await t.signIn(email);
    const otherBrowser = await t.signIn(email);
    const thisToken = (await tokenWith(thisBrowser)).json<{ token: string }>().token;
    // The other browser's cookie sent along decides nothing: the bearer token names the session to keep.
    const response = await t.app.inject({
      method: 'POST',
      url: apiRoutes.changePassword.path,
      headers: { authorization: `Bearer ${thisToken}`, cookie: otherBrowser },
      payload: { currentPassword: oldPassword, newPassword: 'A-new-password-123' },
    });
    expect(response.statusCode).toBe(204);

    expect(await signInStatus(oldPassword)).toBe(401);
    expect(await signInStatus('A-new-password-123')).toBe(200);

    expect((await tokenWith(thisBrowser)).statusCode).toBe(200);
    expect((await tokenWith(otherBrowser)).statusCode).toBe(401);
    const settings = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getUserSettings.path,
      headers: { authorization: `Bearer ${thisToken}` },
    });
    expect(settings.statusCode).toBe(200);
    // The session of the file's cached token (another sign-in) has ended too.
    expect((await change({ currentPassword: 'x', newPassword: 'y' })).statusCode).toBe(401);
  });
});

// decision 009: wrong current passwords are counted per user like failed sign-ins, so a stolen bearer
// token cannot be turned into unlimited guesses at the password.
describe('POST /api/user/password: guesses at the current password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t?.close());

  const email = demoUsers.member;
  const password = demoSignIns.find((user) => user.email === email)?.password ?? '';
  const change = async (currentPassword: string, who: string = email) =>
    t.app.inject({
      method: 'POST',
      url: apiRoutes.changePassword.path,
      headers: await t.bearer(who),
      payload: { currentPassword, newPassword: 'A-new-password-123' },
    });

  it(`answers 429 with Retry-After after ${maxPasswordChangeFailuresPerHour} wrong ones, even for the right one`, async () => {
    for (let i = 0; i < maxPasswordChangeFailuresPerHour; i += 1) {
      expect((await change(`wrong-password-${i}`)).statusCode).toBe(400);
    }
    const refused = await change(password);
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing changed, and another user is not affected.
    expect((await change('wrong-password-x', demoUsers.admin)).statusCode).toBe(400);
  });

  it('counts parallel guesses before checking them', async () => {
    const other = demoUsers.basic;
    const answers = await Promise.all(
      Array.from({ length: maxPasswordChangeFailuresPerHour + 5 }, (_, i) =>
        change(`parallel-wrong-${i}`, other),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(maxPasswordChangeFailuresPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});
