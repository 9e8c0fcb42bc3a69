import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export interface BenchUser {
  id: string;
  email: string;
  /** A session of one day, so that a bearer token for it verifies. */
  sessionId: string;
}

/**
 * Inserts `count` users of the organisation (`<prefix>-<n>@example.com`, named `name`), each with a
 * session, in two statements: thousands of streams need thousands of signed-in users, fast.
 */
export async function insertBenchUsers(
  writer: pg.Client,
  organisationId: string,
  { count, prefix, name }: { count: number; prefix: string; name: string },
): Promise<BenchUser[]> {
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `${prefix}-${i}@example.com`,
    sessionId: randomUUID(),
  }));
  await writer.query(
    `insert into "user" (id, name, email, organisation_id)
     select id, $4, email, $3 from unnest($1::text[], $2::text[]) as u(id, email)`,
    [users.map((u) => u.id), users.map((u) => u.email), organisationId, name],
  );
  await writer.query(
    `insert into session (id, token, user_id, expires_at)
     select sid, sid, uid, now() + interval '1 day' from unnest($1::text[], $2::text[]) as s(sid, uid)`,
    [users.map((u) => u.sessionId), users.map((u) => u.id)],
  );
  return users;
}
