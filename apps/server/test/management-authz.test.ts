import { apiErrorSchema, apiRoutes, type BannerMessageInput, pathOf } from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerMessages } from '../src/features/messages/messages-schema';
import { contracts } from '../src/features/contract/contract-schema';
import { notifications } from '../src/features/notifications/notifications-schema';
import { organisations, user } from '../src/db/core-tables';
import { demoWelcomeBanner } from '../src/seed/management-seed';
import { createUserWithPassword } from '../src/auth/create-user-with-password';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

/**
 * The authorisation table of the management area: every `/api/management/*` route × (anonymous, member, basic,
 * admin, the other organisation's admin) → the expected status. For every denied answer the body is
 * nothing but `{ error }`, carries no data of the target organisation, and nothing of it has changed.
 * The route list is checked against the OpenAPI document, so a management route added later without a
 * row here fails this file.
 */

type Actor = 'anonymous' | 'member' | 'basic' | 'otherAdmin' | 'admin';
/** Admin last: their successful calls change the targets the other rows point at. */
const actors: Actor[] = ['anonymous', 'member', 'basic', 'otherAdmin', 'admin'];

interface Targets {
  userId: string;
  bannerId: string;
  pendingContractId: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered (`:id`). */
  route: string;
  url: (targets: Targets) => string;
  payload?: (targets: Targets, actor: Actor) => object;
  /** Expected statuses of the two administrators (the others are always 401 / 403). */
  admin: number;
  otherAdmin: number;
}

const bannerInput: BannerMessageInput = {
  startsAt: null,
  endsAt: null,
  content: { ...demoWelcomeBanner, en: { ...demoWelcomeBanner.en, title: 'A banner of the caller' } },
};
const editedBanner: BannerMessageInput = {
  startsAt: null,
  endsAt: null,
  content: { ...demoWelcomeBanner, en: { ...demoWelcomeBanner.en, title: 'Edited by the administrator' } },
};

const rows: Row[] = [
  {
    method: 'GET',
    route: apiRoutes.listUsers.path,
    url: () => apiRoutes.listUsers.path,
    admin: 200,
    otherAdmin: 200,
  },
  {
    method: 'POST',
    route: apiRoutes.listUsers.path,
    url: () => apiRoutes.listUsers.path,
    payload: (_targets, actor) => ({
      name: `New ${actor}`,
      email: `new-${actor.toLowerCase()}@authz.example`,
      password: 'a-long-initial-password',
      roleKey: 'organisationmember',
      subscription: 'basic',
      uiLanguage: 'en',
    }),
    admin: 201,
    otherAdmin: 201,
  },
  {
    method: 'PATCH',
    route: apiRoutes.updateUser.path,
    url: (t) => pathOf(apiRoutes.updateUser, { id: t.userId }),
    payload: () => ({ roleKey: 'organisationadministrator', subscription: 'pro', name: 'Changed' }),
    admin: 200,
    otherAdmin: 404,
  },
  {
    method: 'POST',
    route: apiRoutes.deactivateUser.path,
    url: (t) => pathOf(apiRoutes.deactivateUser, { id: t.userId }),
    payload: () => ({}),
    admin: 200,
    otherAdmin: 404,
  },
  {
    method: 'POST',
    route: apiRoutes.reactivateUser.path,
    url: (t) => pathOf(apiRoutes.reactivateUser, { id: t.userId }),
    payload: () => ({}),
    admin: 200,
    otherAdmin: 404,
  },
  {
    method: 'GET',
    route: apiRoutes.listBanners.path,
    url: () => apiRoutes.listBanners.path,
    admin: 200,
    otherAdmin: 200,
  },
  {
    method: 'POST',
    route: apiRoutes.listBanners.path,
    url: () => apiRoutes.listBanners.path,
    payload: () => bannerInput,
    admin: 201,
    otherAdmin: 201,
  },
  {
    method: 'PUT',
    route: apiRoutes.updateBanner.path,
    url: (t) => pathOf(apiRoutes.updateBanner, { id: t.bannerId }),
    payload: () => editedBanner,
    admin: 200,
    otherAdmin: 404,
  },
  {
    method: 'GET',
    route: apiRoutes.getContract.path,
    url: () => apiRoutes.getContract.path,
    admin: 200,
    otherAdmin: 200,
  },
  {
    method: 'POST',
    route: apiRoutes.acceptContract.path,
    url: (t) => pathOf(apiRoutes.acceptContract, { id: t.pendingContractId }),
    payload: () => ({}),
    admin: 200,
    otherAdmin: 404,
  },
  {
    method: 'GET',
    route: apiRoutes.listSentNotifications.path,
    url: () => apiRoutes.listSentNotifications.path,
    admin: 200,
    otherAdmin: 200,
  },
  {
    method: 'POST',
    route: apiRoutes.listSentNotifications.path,
    url: () => apiRoutes.listSentNotifications.path,
    payload: (t) => ({
      recipients: [t.userId],
      title: { en: 'Authz table', de: 'Berechtigungstabelle' },
      text: { en: 'Only for the target.', de: 'Nur für das Ziel.' },
    }),
    admin: 201,
    otherAdmin: 404,
  },
  {
    method: 'DELETE',
    route: apiRoutes.updateBanner.path,
    url: (t) => pathOf(apiRoutes.updateBanner, { id: t.bannerId }),
    admin: 204,
    otherAdmin: 404,
  },
  // User attributes (decision 027): another organisation's address is "unknown", never changed.
  {
    method: 'POST',
    route: apiRoutes.importUserAttributes.path,
    url: () => apiRoutes.importUserAttributes.path,
    payload: () => ({ csv: 'email,region\nnobody@authz.example,North\n' }),
    admin: 200,
    otherAdmin: 200,
  },
];

/** Management → Data (decision 027): rows in authorization-table.test.ts, across organisations in data-sources, uploads and query-reports tests. */
const ownDataPaths = [
  '/api/management/data-sources',
  '/api/management/definitions',
  '/api/management/query-log',
];

/** Reports that come to people (decision 029): rows, another organisation's administrator among them, in authorization-table.test.ts. */
const deliveryPaths = [
  '/api/management/subscriptions',
  '/api/management/deliveries',
  '/api/management/outbox',
];

function expectedStatus(row: Row, actor: Actor): number {
  if (actor === 'anonymous') return 401;
  if (actor === 'member' || actor === 'basic') return 403;
  return row[actor];
}

/** Company sign-in routes of the management area, in the API document's spelling. */
const companySignInPaths = new Set([
  '/api/management/sign-in',
  '/api/management/sign-in/domains/{domain}/verify',
  '/api/management/two-factor-policy',
  '/api/management/users/{id}/password',
  '/api/management/users/{id}/two-factor/reset',
]);

describe('management route list', () => {
  it('has a row for every /api/management route of the API document', async () => {
    const t = await buildTestApp('pglite', { seed: false });
    try {
      const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const documented = Object.entries(document.paths)
        // The catalogue and activity routes have their rows in authorization-table.test.ts, and their
        // cross-organisation checks in catalogue.test.ts (decision 015); so do the company sign-in routes,
        // checked across organisations in single-sign-on, two-factor and password-resets tests (decisions
        // 020–022).
        .filter(([path]) => path.startsWith('/api/management'))
        .filter(
          ([path]) => !path.startsWith('/api/management/catalogue') && path !== '/api/management/activity',
        )
        .filter(([path]) => !companySignInPaths.has(path))
        .filter(([path]) => ![...ownDataPaths, ...deliveryPaths].some((prefix) => path.startsWith(prefix)))
        .flatMap(([path, operations]) =>
          Object.keys(operations).map(
            (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          ),
        )
        .sort();
      const covered = [...new Set(rows.map((row) => `${row.method} ${row.route}`))].sort();
      expect(documented).toEqual(covered);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDrivers())('management authorisation table (%s)', (driver) => {
  let t: TestApp;
  let targets: Targets;
  let demoOrganisationId: string;
  /** Text that only the Demo GmbH side can know. */
  let targetMarkers: string[];
  const authorization: Partial<Record<Actor, string>> = {};

  /** What the other organisation's admin, members and strangers must never change. */
  async function demoState() {
    const db = t.database.db;
    const [target] = await db.select().from(user).where(eq(user.id, targets.userId));
    const banners = await db
      .select({ id: bannerMessages.id, content: bannerMessages.content, updatedAt: bannerMessages.updatedAt })
      .from(bannerMessages)
      .where(eq(bannerMessages.organisationId, demoOrganisationId))
      .orderBy(bannerMessages.id);
    const contractRows = await db
      .select({ id: contracts.id, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.organisationId, demoOrganisationId))
      .orderBy(contracts.id);
    const targetNotifications = await db
      .select({ uid: notifications.uid })
      .from(notifications)
      .where(eq(notifications.userId, targets.userId));
    const demoUsersNow = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.organisationId, demoOrganisationId));
    return {
      target: target && {
        name: target.name,
        roleKey: target.roleKey,
        subscription: target.subscription,
        active: target.active,
      },
      banners,
      contractRows,
      targetNotifications: targetNotifications.length,
      demoUsers: demoUsersNow.length,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const db = t.database.db;
    const [demo] = await db.select().from(organisations).where(eq(organisations.name, 'Demo GmbH'));
    demoOrganisationId = demo!.id;
    const userId = await createUserWithPassword(db, {
      organisationId: demoOrganisationId,
      email: 'authz-target@example.com',
      password: 'authz-target-password',
      name: 'Tess Target',
      roleKey: 'organisationmember',
      subscription: 'basic',
    });
    const [banner] = await db
      .select({ id: bannerMessages.id })
      .from(bannerMessages)
      .where(eq(bannerMessages.organisationId, demoOrganisationId));
    const [pending] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.organisationId, demoOrganisationId), eq(contracts.status, 'pending')));
    targets = { userId: userId!, bannerId: banner!.id, pendingContractId: pending!.id };
    targetMarkers = [
      targets.userId,
      targets.bannerId,
      targets.pendingContractId,
      'authz-target@example.com',
      'Tess Target',
      '@example.com',
      'Demo GmbH',
      'RC-2024-0117',
      'RC-2025-0342',
      demoWelcomeBanner.en.title,
    ];
    authorization.member = `Bearer ${await t.tokenFor(demoUsers.member)}`;
    authorization.basic = `Bearer ${await t.tokenFor(demoUsers.basic)}`;
    authorization.otherAdmin = `Bearer ${await t.tokenFor(demoUsers.beispielAdmin)}`;
    authorization.admin = `Bearer ${await t.tokenFor(demoUsers.admin)}`;
  });
  afterAll(() => t?.close());

  for (const row of rows) {
    it(`${row.method} ${row.route}`, async () => {
      for (const actor of actors) {
        const expected = expectedStatus(row, actor);
        const denied = expected >= 400;
        const before = denied || actor === 'otherAdmin' ? await demoState() : null;
        const token = authorization[actor];
        const response = await t.app.inject({
          method: row.method,
          url: row.url(targets),
          headers: token ? { authorization: token } : {},
          ...(row.payload ? { payload: row.payload(targets, actor) } : {}),
        });
        expect(response.statusCode, `${actor}: ${response.body}`).toBe(expected);

        if (denied) {
          // Nothing but the error, no word of the target.
          const body = response.json<Record<string, unknown>>();
          expect(Object.keys(body), actor).toEqual(['error']);
          apiErrorSchema.strict().parse(body);
        }
        if (actor === 'otherAdmin' || denied) {
          for (const marker of targetMarkers)
            expect(response.body, `${actor} sees ${marker}`).not.toContain(marker);
          expect(await demoState(), `${actor} changed Demo GmbH`).toEqual(before);
        }
      }
    });
  }
});
