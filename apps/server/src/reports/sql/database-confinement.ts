import {
  isMysqlSystemRelation,
  isPostgresSystemRelation,
  mysqlFunctionAllowList,
  postgresFunctionAllowList,
} from './function-allow-list';
import { type PgNode, isRegType, stringsOf, textOf, walkPgTree } from './pg-tree';
import { SqlRefused } from './sql-refused';

// A definition over a database source (docs/decisions/037-statement-guard-allow-list.md): its account and
// the read-only transaction bound what it reads, and this check admits only calls known to compute —
// functions on the allow-list (function-allow-list.ts), no `reg*` cast, no system relation holding
// accounts, sessions or settings. Every node of the parser's tree is walked, subqueries and CTEs too.

/** PostgreSQL source: `statement` is libpg-query's tree; `toOffset` turns its byte offsets into characters. */
export function confinePostgresSource(statement: unknown, toOffset: (byte: number) => number): void {
  const refuse = (reason: string, node: PgNode): never => {
    const location = typeof node.location === 'number' && node.location >= 0 ? toOffset(node.location) : null;
    throw new SqlRefused(reason, location);
  };
  const checkType = (typeName: PgNode) => {
    const names = stringsOf(typeName.names);
    if (isRegType(names)) refuse(`a cast to '${names.join('.')}' is not allowed`, typeName);
  };
  walkPgTree(statement, {
    node(kind, body, ctes) {
      if (kind === 'FuncCall') {
        const names = stringsOf(body.funcname);
        const qualifier = names.length > 1 ? names.slice(0, -1).join('.').toLowerCase() : null;
        if (
          (qualifier !== null && qualifier !== 'pg_catalog') ||
          !postgresFunctionAllowList.has(names.at(-1)!.toLowerCase())
        ) {
          refuse(`the function '${names.join('.')}' is not on the list of allowed functions`, body);
        }
      }
      if (kind === 'TypeName') checkType(body);
      if (kind === 'A_Expr') {
        // `operator(myschema.+)` runs whatever function that operator stands for.
        const names = stringsOf(body.name);
        if (names.length > 1 && names[0]!.toLowerCase() !== 'pg_catalog') {
          refuse(`the operator '${names.join('.')}' is not allowed: write it without a schema`, body);
        }
      }
      if (kind === 'RangeVar') {
        const relation = textOf(body.relname);
        const schema = body.schemaname === undefined ? null : textOf(body.schemaname);
        if (schema === null && ctes.has(relation)) return;
        if (isPostgresSystemRelation(schema, relation)) {
          refuse(
            `'${schema === null ? '' : `${schema}.`}${relation}' is a system catalogue: a report reads the source's own tables`,
            body,
          );
        }
      }
    },
    body(body) {
      if (body.intoClause) throw new SqlRefused('SELECT INTO writes a table: only a plain SELECT may run');
      if (body.lockingClause) throw new SqlRefused('a report does not lock rows (FOR UPDATE/SHARE)');
      if (body.typeName && typeof body.typeName === 'object') checkType(body.typeName as PgNode);
    },
  });
}

type MysqlNode = Record<string, unknown>;

/** node-sql-parser's location of a node (with `includeLocations`), as a 0-based offset. */
const mysqlOffset = (node: MysqlNode): number | null =>
  (node.loc as { start?: { offset?: number } } | undefined)?.start?.offset ?? null;

/** A function node's name: `{ name: [{ value }], schema? }` (or a plain string in older shapes). */
function mysqlFunctionName(node: MysqlNode): { name: string; qualified: boolean } {
  const name = node.name;
  if (typeof name === 'string') return { name, qualified: false };
  const parts = ((name as { name?: { value?: unknown }[] } | undefined)?.name ?? []).map((part) =>
    String(part.value),
  );
  return {
    name: parts.join('.'),
    qualified: Boolean((name as { schema?: unknown }).schema) || parts.length > 1,
  };
}

/**
 * MySQL/MariaDB source: `ast` is node-sql-parser's (parsed with `includeLocations`). Walks every object of
 * the tree, so a subquery's `INTO` or locking clause is found wherever it stands. Answers how many `?`
 * the tree holds.
 */
export function confineMysqlSource(ast: unknown): number {
  let lastOffset: number | null = null;
  let parameters = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as MysqlNode;
    lastOffset = mysqlOffset(node) ?? lastOffset;
    if (node.type === 'origin' && node.value === '?') parameters += 1;
    const into = node.into as { position?: unknown } | undefined;
    if (into && typeof into === 'object' && into.position !== null && into.position !== undefined) {
      throw new SqlRefused(
        'SELECT … INTO writes a file or variable: only a plain SELECT may run',
        lastOffset,
      );
    }
    if (node.locking_read) throw new SqlRefused('a report does not lock rows (FOR UPDATE/SHARE)', lastOffset);
    if (node.type === 'function' || node.type === 'aggr_func') {
      const { name, qualified } = mysqlFunctionName(node);
      if (qualified || !mysqlFunctionAllowList.has(name.toLowerCase())) {
        throw new SqlRefused(
          `the function '${name}' is not on the list of allowed functions`,
          mysqlOffset(node),
        );
      }
    }
    if (typeof node.table === 'string' && 'db' in node && !('column' in node)) {
      const database = typeof node.db === 'string' ? node.db : null;
      if (isMysqlSystemRelation(database, node.table)) {
        throw new SqlRefused(
          `'${database}.${node.table}' is a system table: a report reads the source's own tables`,
          lastOffset,
        );
      }
    }
    for (const field of Object.values(node)) visit(field);
  };
  visit(ast);
  return parameters;
}
