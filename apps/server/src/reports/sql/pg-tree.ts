// The one walk over a libpg-query parse tree (PostgreSQL's own parser): uploads confinement and the
// database sources' allow-list both read every node through it (docs/decisions/037-statement-guard-allow-list.md),
// so a node kind, a CTE's scope or a bare body (a SelectStmt's `larg`, a TypeCast's `typeName`) is
// reached the same way by both.

export type PgNode = Record<string, unknown>;

/** A name in the parse tree (always a string there); '' where there is none. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `[{ String: { sval } }, …]` → the names. */
export const stringsOf = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => textOf(((item as PgNode).String as PgNode | undefined)?.sval))
    : [];

const isWrapped = (value: PgNode) => {
  const keys = Object.keys(value);
  return keys.length === 1 && /^[A-Z]/.test(keys[0]!);
};

export interface PgVisitor {
  /** Every wrapped node (`{ FuncCall: {…} }` → 'FuncCall', its body), with the CTE names in scope there. */
  node(kind: string, body: PgNode, ctes: ReadonlySet<string>): void;
  /** Every node body, wrapped or bare (where `intoClause`, `lockingClause`, `typeName` fields stand). */
  body?(body: PgNode): void;
  /** Every CTE's name as it is declared. */
  cte?(cte: PgNode): void;
}

/**
 * Visits every node of `statement` (a tree or part of one). A CTE sees the ones before it in its WITH
 * (all of them when recursive); the query of the WITH sees all of them; nothing outside sees any.
 */
export function walkPgTree(statement: unknown, visitor: PgVisitor): void {
  const visit = (value: unknown, ctes: ReadonlySet<string>): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, ctes);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const object = value as PgNode;
    if (Object.keys(object).length === 0) return;
    if (isWrapped(object)) {
      const [kind] = Object.keys(object) as [string];
      const body = object[kind] as PgNode;
      visitor.node(kind, body, ctes);
      visitBody(body, ctes);
      return;
    }
    visitBody(object, ctes);
  };

  const visitBody = (body: PgNode, outer: ReadonlySet<string>) => {
    visitor.body?.(body);
    let ctes = outer;
    const withClause = body.withClause as PgNode | undefined;
    if (withClause) {
      const list = (Array.isArray(withClause.ctes) ? withClause.ctes : []) as PgNode[];
      const names = list.map((cte) => textOf((cte.CommonTableExpr as PgNode | undefined)?.ctename));
      const all = new Set([...outer, ...names]);
      list.forEach((wrapped, index) => {
        const cte = (wrapped.CommonTableExpr ?? {}) as PgNode;
        const visible = withClause.recursive === true ? all : new Set([...outer, ...names.slice(0, index)]);
        visitor.cte?.(cte);
        for (const [key, field] of Object.entries(cte)) if (key !== 'ctename') visit(field, visible);
      });
      ctes = all;
    }
    for (const [key, field] of Object.entries(body)) {
      if (key === 'withClause') continue;
      visit(field, ctes);
    }
  };

  visit(statement, new Set());
}

/**
 * A `reg*` type (regclass, regrole, regproc …) in any spelling: `_regclass` is its array type, a
 * schema (`pg_catalog.`) or quotes change nothing. A cast to one turns a text into an object's name
 * from the catalogue, or back — with arrays, thousands at once.
 */
export const isRegType = (names: readonly string[]): boolean =>
  /^_*reg/.test((names.at(-1) ?? '').toLowerCase());

/** libpg-query counts positions in UTF-8 bytes; the editor counts characters. */
export function characterOffset(text: string, byteOffset: number): number {
  return Buffer.from(text, 'utf8').subarray(0, Math.max(0, byteOffset)).toString('utf8').length;
}
