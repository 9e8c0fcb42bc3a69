import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { menuItems, reports } from '../../db/schema';

export interface StoredReport {
  name: string;
  kind: string;
  queryKey: string | null;
  params: unknown;
  frameUrl: string | null;
  externalUrl: string | null;
  /** From the menu item of the same name (absent when the report has none). */
  titleEn: string | null;
  titleDe: string | null;
  subTitleEn: string | null;
  subTitleDe: string | null;
  leaveTitleUntranslated: boolean | null;
}

export function createReportsRepository(db: Database) {
  return {
    /** The organisation's report of that name, with its menu item's titles; another's is never found. */
    async findReport(organisationId: string, name: string): Promise<StoredReport | null> {
      const [row] = await db
        .select({
          name: reports.name,
          kind: reports.kind,
          queryKey: reports.queryKey,
          params: reports.params,
          frameUrl: reports.frameUrl,
          externalUrl: reports.externalUrl,
          titleEn: menuItems.titleEn,
          titleDe: menuItems.titleDe,
          subTitleEn: menuItems.subTitleEn,
          subTitleDe: menuItems.subTitleDe,
          leaveTitleUntranslated: menuItems.leaveTitleUntranslated,
        })
        .from(reports)
        .leftJoin(
          menuItems,
          and(eq(menuItems.organisationId, reports.organisationId), eq(menuItems.name, reports.name)),
        )
        .where(and(eq(reports.organisationId, organisationId), eq(reports.name, name)));
      return row ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
