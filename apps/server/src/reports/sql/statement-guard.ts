import { loadModule, parseSync } from 'libpg-query';
import nodeSqlParser from 'node-sql-parser';
import { confineMysqlSource, confinePostgresSource } from './database-confinement';
import { characterOffset, walkPgTree } from './pg-tree';
import { SqlRefused } from './sql-refused';
import { type UploadsScope, confineToUploads } from './uploads-confinement';

// Before a statement reaches a database (docs/decisions/027-reports-over-own-data.md, "The executor"):
// exactly one SELECT (or WITH … SELECT), checked with the real parser of the dialect — libpg-query
// (PostgreSQL's own parser) for PostgreSQL and uploaded tables, node-sql-parser for MySQL/MariaDB.
// The read-only transaction is the second wall; this one gives the author a reason before anything runs.
// Over database sources only functions on an allow-list run (database-confinement.ts, decision 037).

const pgParserReady = loadModule();
const mysqlParser = new nodeSqlParser.Parser();

export type GuardDialect = 'postgres' | 'mysql' | 'uploads';

/** The PostgreSQL parse tree of one statement, or SqlRefused with the parser's reason and position. */
export async function parsePostgres(text: string): Promise<unknown> {
  await pgParserReady;
  if (text.trim() === '') throw new SqlRefused('the SQL holds no statement');
  let tree: { stmts?: { stmt?: Record<string, unknown> }[] };
  try {
    tree = parseSync(text) as typeof tree;
  } catch (error) {
    const details = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    // The parser's error position counts characters (its tree's locations count bytes).
    const position = details?.cursorPosition;
    throw new SqlRefused(
      `the SQL cannot be read: ${(error as Error).message}`,
      typeof position === 'number' ? position : null,
    );
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) {
    throw new SqlRefused(
      statements.length === 0 ? 'the SQL holds no statement' : 'only one statement may run',
    );
  }
  const statement = statements[0]?.stmt ?? {};
  const kind = Object.keys(statement)[0] ?? 'nothing';
  if (kind !== 'SelectStmt') throw new SqlRefused(`only a SELECT may run, not ${describeKind(kind)}`);
  const select = statement.SelectStmt as Record<string, unknown>;
  if (select.intoClause) throw new SqlRefused('SELECT INTO writes a table: only a plain SELECT may run');
  if (select.lockingClause) throw new SqlRefused('a report does not lock rows (FOR UPDATE/SHARE)');
  if (isValuesOnly(select)) throw new SqlRefused('only a SELECT may run, not VALUES');
  return statement;
}

const isValuesOnly = (select: Record<string, unknown>) => Array.isArray(select.valuesLists);

/** `InsertStmt` → `INSERT`. */
const describeKind = (kind: string) =>
  kind
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();

function guardMysql(text: string, placeholders: readonly number[] | undefined): void {
  let ast: unknown;
  const parseOptions = { includeLocations: true };
  try {
    try {
      ast = mysqlParser.astify(text, { database: 'MariaDB', parseOptions });
    } catch {
      // node-sql-parser's two grammars cover different corners of the dialect: either may read it.
      ast = mysqlParser.astify(text, { database: 'MySQL', parseOptions });
    }
  } catch (error) {
    const location = (error as { location?: { start?: { offset?: number } } }).location;
    throw new SqlRefused(
      `the SQL cannot be read: ${(error as Error).message.split('\n')[0]}`,
      location?.start?.offset ?? null,
    );
  }
  const statements = (Array.isArray(ast) ? ast : [ast]).filter(Boolean) as Record<string, unknown>[];
  if (statements.length !== 1) {
    throw new SqlRefused(
      statements.length === 0 ? 'the SQL holds no statement' : 'only one statement may run',
    );
  }
  const statement = statements[0]!;
  if (statement.type !== 'select') {
    throw new SqlRefused(`only a SELECT may run, not ${String(statement.type).toUpperCase()}`);
  }
  // The whole tree, not only the parts of a UNION: a subquery's INTO or locking clause counts too.
  const parameters = confineMysqlSource(statement);
  // node-sql-parser gives a `?` no position: as many as the template wrote, or one was written by hand.
  if (placeholders && parameters !== placeholders.length) {
    throw new SqlRefused('write parameters as {{name}}, not as ?');
  }
}

/**
 * Refuses a `$n` the template did not write (decision 037): every parameter of the parsed statement must
 * stand where `compileTemplate` put one (`placeholders`, offsets in the text) and every one put there
 * must be a parameter — the parser, not a tokenizer of our own, decides what is one.
 */
function checkPlaceholders(statement: unknown, text: string, placeholders: readonly number[]): void {
  const expected = new Set(placeholders);
  const seen = new Set<number>();
  walkPgTree(statement, {
    node(kind, body) {
      if (kind !== 'ParamRef') return;
      const offset = characterOffset(text, Number(body.location));
      if (!expected.has(offset)) throw new SqlRefused('write parameters as {{name}}, not as $1', offset);
      seen.add(offset);
    },
  });
  // One the parser did not see as a parameter stands in a literal or comment it read where we did not.
  const unseen = placeholders.find((offset) => !seen.has(offset));
  if (unseen !== undefined) {
    throw new SqlRefused('a parameter may not stand inside a quoted literal or a comment', unseen);
  }
}

/**
 * Refuses anything but one SELECT in `dialect`; over a database source anything but the allowed
 * functions and relations (database-confinement.ts); over uploaded tables anything outside the
 * organisation's own tables (uploads-confinement.ts). `text` is the compiled statement (placeholders
 * in place); `placeholders` (CompiledSql.placeholders) are where its `$n` stand — when given, any other
 * `$n` is refused. Positions in the thrown SqlRefused are offsets in `text`.
 */
export async function guardStatement(
  text: string,
  dialect: GuardDialect,
  scope?: UploadsScope,
  placeholders?: readonly number[],
): Promise<void> {
  if (dialect === 'mysql') {
    guardMysql(text, placeholders);
    return;
  }
  const statement = await parsePostgres(text);
  const toOffset = (byteOffset: number) => characterOffset(text, byteOffset);
  if (placeholders) checkPlaceholders(statement, text, placeholders);
  if (dialect === 'uploads') {
    if (!scope) throw new Error('uploaded tables are checked against their schema');
    confineToUploads(statement, scope, toOffset);
  } else {
    confinePostgresSource(statement, toOffset);
  }
}
