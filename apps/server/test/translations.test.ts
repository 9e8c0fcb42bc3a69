import { apiRoutes, translations, translationsResponseSchema } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('GET /api/Localization/getTranslations (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { seed: false });
  });
  afterAll(() => t?.close());

  it.each(['en', 'de-DE', 'de-AT'] as const)('returns the %s texts without a token', async (lang) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getTranslations.path}?lang=${lang}`,
    });
    expect(response.statusCode).toBe(200);
    const body = translationsResponseSchema.parse(response.json());
    expect(body.Translations).toEqual(translations[lang]);
    expect(body.Translations['login.title']).toBeTruthy();
  });

  it('accepts the client parameters of docs/product.md §7', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiRoutes.getTranslations.path}?lang=de-AT&useBackendTranslation=false&currencySymbol=%E2%82%AC&isoLanguageName=en`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().Translations['login.title']).toBe(translations['de-AT']['login.title']);
  });

  it.each([
    ['an unknown language', '?lang=fr'],
    ['no language', ''],
  ])('answers %s with 400 naming the allowed values', async (_, query) => {
    const response = await t.app.inject({ method: 'GET', url: `${apiRoutes.getTranslations.path}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('en, de-DE, de-AT') },
    });
    expect(response.json().error.message).toContain('lang');
  });
});
