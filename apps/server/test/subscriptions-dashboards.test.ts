import {
  type CatalogueDocument,
  apiRoutes,
  catalogueDocumentSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  pathOf,
} from '@cockpit/contracts';
import { Resvg } from '@resvg/resvg-js';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardTiles } from '../src/db/dashboard-tiles-schema';
import { dashboards, user, userAttributes } from '../src/db/core-tables';
import { notifications } from '../src/features/notifications/notifications-schema';
import { type TestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { type SmtpSink } from './helpers/smtp-sink';
import { type DemoEmail, startSubscriptionsApp, subscriberCalls } from './helpers/subscription-apps';

// A dashboard subscription's mail (docs/decisions/029-subscriptions-alerts-and-background-work.md): the
// dashboard as its recipient sees it — each tile's title, KPIs in the recipient's culture, charts as PNG
// images, a table tile's first rows — with the recipient's user attributes; a tile that cannot be loaded
// says "not available" and the others still render; a basic-subscription recipient gets nothing.

type Email = DemoEmail;

/** Revenue of the recipient's own regions (decision 027: a missing attribute is an error, never "all"). */
const regionRevenue = {
  name: 'sub-region-revenue',
  source: 'uploads',
  sql: 'select region, sum(revenue) as revenue from sales_by_day where region = any({{user.attributes.region}}) group by 1 order by 1',
  parameters: [],
  columns: [
    { name: 'region', label: { en: 'Region', de: 'Region' }, format: 'text' },
    { name: 'revenue', label: { en: 'Revenue', de: 'Umsatz' }, format: 'currency' },
  ],
  visuals: [
    { type: 'table', id: 'table' },
    { type: 'chart', id: 'bars', kind: 'bar', x: 'region', series: ['revenue'] },
  ],
  cacheSeconds: 0,
};

const regionsDashboard = 901;

describe.each(testDrivers())('dashboard subscriptions (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let organisationId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ({ t, smtp, organisationId, ids } = await startSubscriptionsApp(driver, { salesRows: 3_000 }));
    const document = catalogueDocumentSchema.parse(
      (await t.as(demoUsers.admin, 'GET', apiRoutes.exportCatalogue.path)).json(),
    );
    const withOwn = {
      ...document,
      definitions: [...(document.definitions ?? []), regionRevenue],
      dashboards: [
        ...(document.dashboards ?? []),
        {
          name: 'sub-mail',
          title: { en: 'Mail tests' },
          dashboards: [
            {
              layoutId: regionsDashboard,
              title: { en: 'My regions', de: 'Meine Regionen' },
              tiles: [
                {
                  type: 'kpi',
                  definition: 'sales-figures',
                  visual: 'revenue',
                  values: { period: { preset: 'this-year' } },
                  title: { en: 'Revenue, all regions', de: 'Umsatz, alle Regionen' },
                  width: 4,
                },
                {
                  type: 'table',
                  definition: regionRevenue.name,
                  visual: 'table',
                  title: { en: 'Revenue in my regions', de: 'Umsatz in meinen Regionen' },
                  width: 8,
                },
              ],
            },
          ],
        },
      ],
    } as CatalogueDocument;
    const imported = await t.as(demoUsers.admin, 'PUT', apiRoutes.importCatalogue.path, withOwn);
    expect(imported.statusCode, imported.body).toBe(200);
    // A tile whose stored row no longer fits (features/dashboards/README.md), written behind the catalogue's back.
    const [dashboard] = await t.database.db
      .select({ id: dashboards.id })
      .from(dashboards)
      .where(eq(dashboards.layoutId, regionsDashboard));
    await t.database.db.insert(dashboardTiles).values({
      dashboardId: dashboard!.id,
      position: 99,
      tileType: 'line',
      definitionName: 'sales-per-period',
      visual: 'no-such-chart',
      titleEn: 'Broken tile',
      titleDe: 'Kaputte Kachel',
    });
    await t.app.clusterEvents.announce({ type: 'catalogue-changed', organisationId });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const { subscribe, sendNow, settled } = subscriberCalls(() => t);

  const mailAbout = (email: string, subject: string): ParsedMail => {
    const found = smtp.to(email).find((mail) => mail.subject === subject);
    if (!found)
      throw new Error(
        `no mail "${subject}" to ${email}: ${smtp
          .to(email)
          .map((mail) => mail.subject)
          .join(', ')}`,
      );
    return found;
  };

  /** The dashboard page's own tiles and their data for `email`, in `language`. */
  async function pageTiles(email: Email, layoutId: number, language: string) {
    const page = dashboardResponseSchema.parse(
      (
        await t.as(
          email,
          'GET',
          `${pathOf(apiRoutes.getDashboard, { layoutId })}?isoLanguageName=${language}`,
        )
      ).json(),
    );
    // One after the other: the user's concurrent report queries are limited (decision 009).
    const tiles = [];
    for (const tile of page.tiles) {
      const url = `${pathOf(apiRoutes.getDashboardTile, { layoutId, tileId: tile.id })}?isoLanguageName=${language}`;
      tiles.push({
        ...tile,
        ...dashboardTileDataResponseSchema.parse((await t.as(email, 'GET', url)).json()),
      });
    }
    return tiles;
  }

  const euros = (value: number) =>
    `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}\u00a0€`;

  it('sends a member each tile of a demo dashboard: titles, KPIs in their culture, chart PNGs and table rows', async () => {
    await t.database.db
      .update(user)
      .set({ uiLanguage: 'de-DE', uiCulture: 'de-DE', currencySymbol: '€' })
      .where(eq(user.email, demoUsers.member));
    const created = await subscribe(demoUsers.member, {
      targetKind: 'dashboard',
      targetName: '101',
      schedule: { every: 'day', time: '07:00' },
      include: { charts: true, tableRows: 3, attachment: 'none' },
    });
    expect(await sendNow(demoUsers.member, created.id)).toBe(1);
    const [delivery] = await settled(demoUsers.member, created.id, 1);
    expect(delivery).toMatchObject({ status: 'sent', recipientEmail: demoUsers.member });

    const mail = mailAbout(demoUsers.member, 'Überblick Geschäftsführung: Ihr Dashboard');
    const html = String(mail.html);
    const text = mail.text ?? '';
    const tiles = await pageTiles(demoUsers.member, 101, 'de-DE');
    expect(tiles).toHaveLength(7);
    // One section per tile, in layout order, in HTML and text alike.
    const positions = tiles.map((tile) => html.indexOf(`>${tile.title}</h2>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const tile of tiles) expect(text).toContain(`\n${tile.title}\n`);
    expect(text).not.toContain('nicht verfügbar');

    // KPIs as the recipient's culture writes them (de-DE: 1.234,56 €).
    const revenue = tiles[0]!.data.kpis[0]!;
    expect(revenue.label).toBe('Umsatz');
    expect(typeof revenue.value).toBe('number');
    expect(text).toContain(`Umsatz: ${euros(revenue.value as number)}`);
    expect(html).toContain(euros(revenue.value as number));

    // The line and the bar tile's charts as inline PNG images that decode.
    const pngs = mail.attachments.filter((attachment) => attachment.contentType === 'image/png');
    expect(pngs.map((png) => png.cid)).toEqual(['chart-1@report-cockpit', 'chart-2@report-cockpit']);
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
    for (const png of pngs) {
      const decoded = new Resvg(
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image width="10" height="10" xlink:href="data:image/png;base64,${png.content.toString('base64')}"/></svg>`,
      ).render();
      expect(decoded.width).toBe(10);
      expect(png.content.readUInt32BE(16)).toBe(1280);
    }

    // The table tile: its first three rows, and how many there are.
    const table = tiles[6]!.data.table!;
    expect(table.rows.length).toBeGreaterThan(3);
    for (const row of table.rows.slice(0, 3)) expect(text).toContain(`\n${String(row[0])} | `);
    expect(text).not.toContain(`\n${String(table.rows[3]![0])} | `);
    expect(text).toMatch(/Die ersten 3 von \d+ Zeilen\./);
    expect(text).toContain('Dashboard öffnen: http://localhost:3000/dashboards/101');
  });

  it('renders each recipient’s own region; a tile that cannot be loaded says so and the others render', async () => {
    const regions = (
      (await t.database.db.execute(sql`
        select r.name_en as region from public.sales_daily d join public.sales_regions r on r.id = d.region_id
        where d.organisation_id = ${organisationId} group by 1 order by 1`)) as unknown as {
        rows: { region: string }[];
      }
    ).rows.map((row) => row.region);
    expect(regions.length).toBeGreaterThan(1);
    const [mine, ...others] = regions;
    await t.database.db
      .insert(userAttributes)
      .values({ userId: ids[demoUsers.member]!, attributes: { region: [mine!] } })
      .onConflictDoUpdate({ target: userAttributes.userId, set: { attributes: { region: [mine!] } } });

    const created = await subscribe(demoUsers.admin, {
      targetKind: 'dashboard',
      targetName: String(regionsDashboard),
      schedule: { every: 'day', time: '07:00' },
      include: { charts: true, tableRows: 10, attachment: 'none' },
      recipients: { userIds: [ids[demoUsers.member]!, ids[demoUsers.admin]!], audience: null },
    });
    expect(await sendNow(demoUsers.admin, created.id)).toBe(2);
    const deliveries = await settled(demoUsers.admin, created.id, 2);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['sent', 'sent']);

    // The member: their region's row only; the broken tile is "not available" in their language.
    const member = mailAbout(demoUsers.member, 'Meine Regionen: Ihr Dashboard');
    const memberText = member.text ?? '';
    expect(memberText).toMatch(
      new RegExp(`\\nUmsatz in meinen Regionen\\nRegion \\| Umsatz\\n${mine} \\| [\\d.]+,\\d\\d\u00a0€\\n`),
    );
    for (const other of others) expect(memberText).not.toContain(`\n${other} | `);
    expect(memberText).toContain('Kaputte Kachel\nDiese Kachel ist derzeit nicht verfügbar.\n');
    expect(String(member.html)).toContain('Diese Kachel ist derzeit nicht verfügbar.');
    expect(memberText).toMatch(/\nUmsatz: [\d.]+,\d\d\u00a0€\n/);

    // The administrator has no region attribute: that tile is not available to them, never all regions.
    const admin = mailAbout(demoUsers.admin, 'My regions: your dashboard');
    const adminText = admin.text ?? '';
    expect(adminText).toContain('Revenue in my regions\nThis tile is not available at the moment.\n');
    expect(adminText).toContain('Broken tile\nThis tile is not available at the moment.\n');
    for (const region of regions) expect(adminText).not.toContain(`\n${region} | `);
    expect(adminText).toMatch(/\nRevenue: €[\d,]+\.\d\d\n/);
  });

  it('a basic-subscription recipient gets nothing and the owner is told', async () => {
    const created = await subscribe(demoUsers.admin, {
      targetKind: 'dashboard',
      targetName: '102',
      schedule: { every: 'day', time: '07:00' },
      include: { charts: false, tableRows: 2, attachment: 'none' },
      recipients: { userIds: [ids[demoUsers.member]!, ids[demoUsers.basic]!], audience: null },
    });
    expect(await sendNow(demoUsers.admin, created.id)).toBe(2);
    const deliveries = await settled(demoUsers.admin, created.id, 2);
    expect(
      Object.fromEntries(deliveries.map((delivery) => [delivery.recipientEmail, delivery.status])),
    ).toEqual({
      [demoUsers.member]: 'sent',
      [demoUsers.basic]: 'not-allowed',
    });
    expect(deliveries.find((delivery) => delivery.recipientEmail === demoUsers.basic)?.reason).toBe(
      'dashboards need the pro subscription',
    );
    expect(smtp.to(demoUsers.basic)).toEqual([]);
    const notices = await t.database.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.userId, ids[demoUsers.admin]!));
    expect(
      notices.some((notice) =>
        notice.content.text.en.includes(`${demoUsers.basic} may no longer open "Sales Performance"`),
      ),
    ).toBe(true);
  });
});
