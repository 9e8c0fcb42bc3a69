import { apiRoutes, appConfigSchema, dashboardsAvailabilitySchema } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

describe.each(testDrivers())('dashboards availability and app config (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { env: { GA_MEASUREMENT_ID: 'G-TEST123', IDLE_TIMEOUT_SECONDS: '900' } });
  });
  afterAll(() => t?.close());

  it.each([
    [demoUsers.admin, true],
    [demoUsers.member, true],
    [demoUsers.basic, false],
    [demoUsers.beispielAdmin, true],
  ])('GET /api/dashboards/availability for %s is %s', async (email, available) => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getDashboardsAvailability.path,
      headers: await t.bearer(email),
    });
    expect(response.statusCode).toBe(200);
    expect(dashboardsAvailabilitySchema.parse(response.json())).toEqual({ available });
  });

  it('GET /api/app/config returns the configured support, idle and analytics settings', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiRoutes.getAppConfig.path,
      headers: await t.bearer(demoUsers.basic),
    });
    expect(response.statusCode).toBe(200);
    const config = appConfigSchema.parse(response.json());
    expect(config).toMatchObject({
      idleTimeoutSeconds: 900,
      idleCountdownSeconds: 60,
      analyticsMeasurementId: 'G-TEST123',
    });
    expect(config.support.knowledgeBaseUrl.en).toMatch(/^https:\/\//);
    expect(config.support.tutorialUrl.de).toMatch(/^https:\/\//);
  });
});
