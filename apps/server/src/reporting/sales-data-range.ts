import type { DateRange } from '@cockpit/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { salesDatasets } from '../db/schema';

/** First and last day of the organisation's sales data (null: none generated); the "all" preset. */
export async function salesDataRange(db: Database, organisationId: string): Promise<DateRange | null> {
  const [row] = await db
    .select({ from: salesDatasets.firstDay, to: salesDatasets.lastDay })
    .from(salesDatasets)
    .where(eq(salesDatasets.organisationId, organisationId));
  return row ?? null;
}
