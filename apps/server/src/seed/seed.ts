import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dashboardGroups, dashboards, menuGroups, menuItems, organisations, user } from '../db/schema';
import { type DemoOrganisation, demoOrganisations } from './demo-data';
import { seedDemoNotifications } from './demo-notifications';
import { seedManagementDemoData } from './management-seed';
import { type ReportsSeedSummary, seedReportsDemoData } from './reports-seed';
import { createUserWithPassword } from './users';
import { fromExcluded } from './upsert';

export interface SeedSummary {
  organisations: number;
  usersCreated: number;
  menuItems: number;
  dashboards: number;
  /** Report definitions, dashboard tiles and the sales data set (issue 5). */
  reports?: ReportsSeedSummary;
}

export interface SeedOptions {
  /** Fact rows of the demo sales data set (SEED_SALES_ROWS); default 0 — none, so tests stay fast. */
  salesRows?: number;
  /** The sales data set's last day (tests may pin it); default today in UTC. */
  salesToday?: string;
  /** Progress messages for the start-up log. */
  log?: (message: string) => void;
}

/**
 * Demo data of issue 2, safe to run on every start: organisations and users are only created when
 * missing (an existing user's password and settings are never touched); menus and dashboards are
 * upserted by their natural keys so the demo catalogue follows the code without duplicates.
 */
export async function seedDemoData(
  db: Database,
  data: DemoOrganisation[] = demoOrganisations,
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const summary: SeedSummary = { organisations: 0, usersCreated: 0, menuItems: 0, dashboards: 0 };
  for (const organisation of data) {
    const organisationId = await upsertOrganisation(db, organisation.name);
    summary.organisations += 1;
    summary.usersCreated += await createMissingUsers(db, organisationId, organisation);
    summary.menuItems += await upsertMenu(db, organisationId, organisation);
    summary.dashboards += await upsertDashboards(db, organisationId, organisation);
  }
  await seedManagementDemoData(db);
  await seedDemoNotifications(db, data);
  summary.reports = await seedReportsDemoData(
    db,
    { salesRows: options.salesRows ?? 0, today: options.salesToday, log: options.log },
    data,
  );
  return summary;
}

async function upsertOrganisation(db: Database, name: string): Promise<string> {
  await db.insert(organisations).values({ name }).onConflictDoNothing({ target: organisations.name });
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.name, name));
  if (!row) throw new Error(`seed: organisation ${name} was not created`);
  return row.id;
}

async function createMissingUsers(db: Database, organisationId: string, organisation: DemoOrganisation) {
  const emails = organisation.users.map((u) => u.email);
  const existing = new Set(
    (await db.select({ email: user.email }).from(user).where(inArray(user.email, emails))).map(
      (row) => row.email,
    ),
  );
  const missing = organisation.users.filter((u) => !existing.has(u.email));
  // Hashing (argon2id) is the slow part; it only happens for users that do not exist yet.
  const created = await Promise.all(missing.map((u) => createUserWithPassword(db, { ...u, organisationId })));
  return created.filter((id) => id !== null).length;
}

async function upsertMenu(
  db: Database,
  organisationId: string,
  organisation: DemoOrganisation,
): Promise<number> {
  return db.transaction(async (tx) => {
    const groups = await tx
      .insert(menuGroups)
      .values(
        organisation.menu.map((group, index) => ({
          organisationId,
          name: group.name,
          titleEn: group.titleEn,
          titleDe: group.titleDe,
          icon: group.icon,
          sort: (index + 1) * 10,
        })),
      )
      .onConflictDoUpdate({
        target: [menuGroups.organisationId, menuGroups.name],
        set: fromExcluded(menuGroups, ['titleEn', 'titleDe', 'icon', 'sort']),
      })
      .returning({ id: menuGroups.id, name: menuGroups.name });
    const groupIds = new Map(groups.map((group) => [group.name, group.id]));

    const items = organisation.menu.flatMap((group) =>
      group.items.map((item, index) => ({
        organisationId,
        groupId: groupIds.get(group.name) ?? '',
        name: item.name,
        titleEn: item.titleEn,
        titleDe: item.titleDe,
        subTitleEn: item.subTitleEn ?? null,
        subTitleDe: item.subTitleDe ?? null,
        icon: item.icon,
        path: item.externalUrl ? null : `/reports/${item.name}`,
        externalUrl: item.externalUrl ?? null,
        leaveTitleUntranslated: item.leaveTitleUntranslated ?? false,
        sort: (index + 1) * 10,
      })),
    );
    await tx
      .insert(menuItems)
      .values(items)
      .onConflictDoUpdate({
        target: [menuItems.organisationId, menuItems.name],
        set: fromExcluded(menuItems, [
          'groupId',
          'titleEn',
          'titleDe',
          'subTitleEn',
          'subTitleDe',
          'icon',
          'path',
          'externalUrl',
          'leaveTitleUntranslated',
          'sort',
        ]),
      });
    return items.length;
  });
}

async function upsertDashboards(
  db: Database,
  organisationId: string,
  organisation: DemoOrganisation,
): Promise<number> {
  if (organisation.dashboardGroups.length === 0) return 0;
  return db.transaction(async (tx) => {
    const groups = await tx
      .insert(dashboardGroups)
      .values(
        organisation.dashboardGroups.map((group, index) => ({
          organisationId,
          name: group.name,
          titleEn: group.titleEn,
          titleDe: group.titleDe,
          sort: (index + 1) * 10,
        })),
      )
      .onConflictDoUpdate({
        target: [dashboardGroups.organisationId, dashboardGroups.name],
        set: fromExcluded(dashboardGroups, ['titleEn', 'titleDe', 'sort']),
      })
      .returning({ id: dashboardGroups.id, name: dashboardGroups.name });
    const groupIds = new Map(groups.map((group) => [group.name, group.id]));

    const rows = organisation.dashboardGroups.flatMap((group) =>
      group.dashboards.map((dashboard, index) => ({
        organisationId,
        groupId: groupIds.get(group.name) ?? '',
        layoutId: dashboard.layoutId,
        titleEn: dashboard.titleEn,
        titleDe: dashboard.titleDe,
        subTitleEn: dashboard.subTitleEn ?? null,
        subTitleDe: dashboard.subTitleDe ?? null,
        sort: (index + 1) * 10,
      })),
    );
    await tx
      .insert(dashboards)
      .values(rows)
      .onConflictDoUpdate({
        target: [dashboards.organisationId, dashboards.layoutId],
        set: fromExcluded(dashboards, ['groupId', 'titleEn', 'titleDe', 'subTitleEn', 'subTitleDe', 'sort']),
      });
    return rows.length;
  });
}
