import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { SourceUnavailable } from './executor-errors';

// What a data source's account may hold (docs/decisions/041-source-accounts-checked.md): every new
// connection of a pool reads the account's real privileges before its first statement, and an account
// that could reach past its database — read or write files of the server, run programs there, act as
// another role, copy the server, or open connections of its own (dblink as superuser) — is refused. The
// read-only transaction bounds what a statement does in its own session only; these privileges reach
// further. Write grants on tables are no reason to refuse: the read-only transaction stops those, and
// Test connection warns about them (accountCanWrite).

/** A plain query on a new connection, outside any transaction; rows as arrays. */
export type AccountQuery = (text: string) => Promise<unknown[][]>;

/** The account holds privileges a reporting account must not have; `privileges` names them (the web translates the message around them). */
export class AccountRefused extends SourceUnavailable {
  override name = 'AccountRefused';
  constructor(
    source: string,
    readonly privileges: string[],
  ) {
    super(
      source,
      `the account has privileges a reporting account must not have: ${privileges.join(', ')}; connect with an account that may only read (README "Connect your data")`,
    );
  }
}

/** The server behind a connection, as PostgreSQL names itself: the same on every address and port it listens on. */
export interface ServerIdentity {
  systemIdentifier: string;
  database: string;
}

/** Default roles whose members read or write the server's files or run programs on it (PostgreSQL 11+). */
const postgresFileRoles = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program'];

/**
 * PostgreSQL: the privileges of the account and of every role it is a member of (SET ROLE, even
 * `set_config('role', …)` inside a SELECT, would take them up), and the server's identity.
 */
export async function postgresAccountCheck(
  query: AccountQuery,
): Promise<{ refused: string[]; identity: ServerIdentity | null }> {
  const [row] = await query(
    `SELECT coalesce(bool_or(r.rolsuper), false), coalesce(bool_or(r.rolreplication), false),
            coalesce(bool_or(r.rolcreaterole), false),
            coalesce(array_agg(r.rolname::text ORDER BY r.rolname)
                       FILTER (WHERE r.rolname IN (${postgresFileRoles.map((name) => `'${name}'`).join(', ')})), '{}'),
            current_database()
     FROM pg_catalog.pg_roles r WHERE pg_catalog.pg_has_role(session_user, r.oid, 'MEMBER')`,
  );
  const [superuser, replication, createRole, fileRoles, database] = row ?? [];
  const refused: string[] = [];
  // A superuser is a member of every role: naming it alone says everything.
  if (superuser === true) refused.push('SUPERUSER');
  else {
    if (replication === true) refused.push('REPLICATION');
    if (createRole === true) refused.push('CREATEROLE');
    if (Array.isArray(fileRoles)) refused.push(...fileRoles.map(String));
  }
  let identity: ServerIdentity | null = null;
  try {
    // Every role may call it by default; a server that revoked it (or a look-alike without it) leaves the
    // host rule of host-policy.ts as the only check of where the source is.
    const [[systemIdentifier] = []] = await query(
      'SELECT system_identifier::text FROM pg_catalog.pg_control_system()',
    );
    if (typeof systemIdentifier === 'string') identity = { systemIdentifier, database: String(database) };
  } catch {
    identity = null;
  }
  return { refused, identity };
}

/** Global privileges (`ON *.*`) that reach past the database: files, other sessions, the server itself. */
const mysqlGlobalRefused = ['ALL PRIVILEGES', 'FILE', 'SUPER', 'PROCESS', 'SHUTDOWN'];

/**
 * MySQL/MariaDB: the account's grants as `SHOW GRANTS` lists them (its own and those of its active
 * roles). Global ALL PRIVILEGES, FILE, SUPER, PROCESS, SHUTDOWN, and GRANT OPTION on any level.
 */
export function mysqlRefusedPrivileges(grants: readonly string[]): string[] {
  const refused = new Set<string>();
  for (const grant of grants) {
    const match = /^GRANT\s+(.+?)\s+ON\s+(\S+)\s+TO\s/is.exec(grant);
    if (/\bWITH\b.*\bGRANT\s+OPTION\b/is.test(grant)) refused.add('GRANT OPTION');
    if (!match) continue;
    // Column lists (`SELECT (file)`) are names, not privileges.
    const privileges = match[1]!.replace(/\([^)]*\)/g, '').toUpperCase();
    const listed = privileges.split(',').map((privilege) => privilege.trim().replace(/\s+/g, ' '));
    if (listed.includes('GRANT OPTION')) refused.add('GRANT OPTION');
    if (match[2] !== '*.*') continue;
    for (const privilege of mysqlGlobalRefused) if (listed.includes(privilege)) refused.add(privilege);
  }
  return mysqlGlobalRefused.concat('GRANT OPTION').filter((privilege) => refused.has(privilege));
}

/**
 * The cockpit's own database server and database when it runs on PostgreSQL (`null` on PGlite, which no
 * source can reach), read once; a failed read is tried again at the next connection.
 */
export function ownServerIdentityOf(db: Database): () => Promise<ServerIdentity | null> {
  let known: Promise<ServerIdentity | null> | null = null;
  return () => {
    if ((db as unknown as { $client: unknown }).$client instanceof PGlite) return Promise.resolve(null);
    known ??= (async () => {
      const result = (await db.execute(
        sql`select system_identifier::text as id, current_database() as database from pg_catalog.pg_control_system()`,
      )) as { rows: { id: string; database: string }[] };
      const [row] = result.rows;
      return row ? { systemIdentifier: row.id, database: row.database } : null;
    })().catch(() => {
      known = null;
      return null;
    });
    return known;
  };
}
