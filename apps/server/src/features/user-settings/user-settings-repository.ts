import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { organisations } from '../../db/schema';

export function createUserSettingsRepository(db: Database) {
  return {
    async organisationName(organisationId: string): Promise<string> {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.name ?? '';
    },
  };
}
