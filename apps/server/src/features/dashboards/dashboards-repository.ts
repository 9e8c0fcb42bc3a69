import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dashboards } from '../../db/schema';

export function createDashboardsRepository(db: Database) {
  return {
    async countForOrganisation(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(dashboards)
        .where(eq(dashboards.organisationId, organisationId));
      return row?.value ?? 0;
    },
  };
}
