import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { dashboardGroups, menuGroups, organisations, user } from '../db/core-tables';
import { createCatalogueService } from '../catalogue';
import { catalogueDataSources } from '../data-sources';
import { type DemoOrganisation, demoOrganisations } from './demo-data';
import { seedDemoNotifications } from './demo-notifications';
import { seedManagementDemoData } from './management-seed';
import { type ReportsSeedSummary, seedReportsDemoData } from './reports-seed';
import { createUserWithPassword } from '../auth/create-user-with-password';

export interface SeedSummary {
  organisations: number;
  usersCreated: number;
  menuItems: number;
  dashboards: number;
  /** Report definitions, dashboard tiles and the sales data set (decision 012). */
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
 * Demo data, safe to run on every start: organisations and users are only created when missing (an
 * existing user's password and settings are never touched); the catalogue only while an organisation has
 * none (its administrators own it afterwards, decision 015).
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
    const catalogue = await seedCatalogue(db, organisationId, organisation);
    summary.menuItems += catalogue.menuItems;
    summary.dashboards += catalogue.dashboards;
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

/**
 * An organisation's first catalogue, through the same check and store as an import (decision 015).
 * Only while the organisation has none: from then on its administrators own it, and a restart must not
 * undo their changes.
 */
async function seedCatalogue(db: Database, organisationId: string, organisation: DemoOrganisation) {
  const [groups, boards] = await Promise.all([
    db
      .select({ id: menuGroups.id })
      .from(menuGroups)
      .where(eq(menuGroups.organisationId, organisationId))
      .limit(1),
    db
      .select({ id: dashboardGroups.id })
      .from(dashboardGroups)
      .where(eq(dashboardGroups.organisationId, organisationId))
      .limit(1),
  ]);
  const document = organisation.catalogue;
  const counts = {
    menuItems: document.menu.reduce((sum, group) => sum + group.items.length, 0),
    dashboards: document.dashboards.reduce((sum, group) => sum + group.dashboards.length, 0),
  };
  if (groups.length > 0 || boards.length > 0) return counts;
  // Demo frames are same-origin paths, so no frame origins are needed to accept them.
  await createCatalogueService({
    db,
    frameOrigins: [],
    events: null,
    dataSources: catalogueDataSources,
  }).seed(organisationId, document);
  return counts;
}
