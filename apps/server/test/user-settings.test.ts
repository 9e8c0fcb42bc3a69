import { apiPaths, userSettingsSchema } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('GET /api/user/settings (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver);
  });
  afterAll(() => t?.close());

  const settingsOf = async (email: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.userSettings}${query}`,
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
  ])('has the spec §3 shape for %s', async (email, displayName, roleKey, subscription, organisationName) => {
    const settings = await settingsOf(email);
    expect(settings).toMatchObject({
      userDisplayName: displayName,
      roleKey,
      subscription,
      organisationName,
      email,
    });
    expect(settings.accountSettings.uiLanguage).toEqual({ name: 'en', twoLetterISOlanguageName: 'en' });
    expect(settings.availableUiLanguages.map((language) => language.name)).toEqual(['en', 'de-DE', 'de-AT']);
    expect(settings.availableUiLanguages[2]).toEqual({ name: 'de-AT', twoLetterISOlanguageName: 'de' });
  });

  it('labels the role in the language the client asks for', async () => {
    expect((await settingsOf(demoUsers.admin)).role).toBe('Organisation administrator');
    expect((await settingsOf(demoUsers.admin, '?isoLanguageName=de-DE')).role).toBe(
      'Organisationsadministrator',
    );
    expect((await settingsOf(demoUsers.member, '?isoLanguageName=de-AT')).role).toBe('Mitglied');
    expect((await settingsOf(demoUsers.member, '?isoLanguageName=fr')).role).toBe('Member');
  });
});
