import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../db/database';
import { verification } from '../db/core-tables';

/**
 * "Trust this device" of better-auth's two-factor plugin: a 30-day cookie naming a verification row
 * `trust-device-…` whose value is the user id; while it exists, a sign-in from that browser skips the
 * code. The app does not offer it (decision 021): the option is refused at the code step
 * (auth/create-auth.ts). Should a trust exist anyway, it ends whenever the user's factor or password
 * changes hands — an administrator's reset, turning two-factor off, a one-time password, a password change.
 */
export const trustDeviceOption = 'trustDevice';

/** Ends every device trust of the user (inside the caller's transaction, when there is one). */
export async function endDeviceTrust(db: Pick<Database, 'delete'>, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'trust-device-%')));
}
