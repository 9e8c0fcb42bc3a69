import { type PgNode, isRegType, stringsOf, textOf, walkPgTree } from './pg-tree';
import { SqlRefused } from './sql-refused';

// SQL over uploaded tables runs in the cockpit's own database, so it may name nothing but the
// organisation's own tables (docs/decisions/027-reports-over-own-data.md, "Uploaded tables"). The whole
// parse tree of PostgreSQL's own parser is walked and every node kind must be on the list below: what is
// not known is refused, so a construct added by a later PostgreSQL cannot slip through.
// - relations: the organisation's tables (unqualified or qualified with its schema) and CTEs in scope;
//   `pg_*` names never (pg_catalog is searched before any search_path, so `pg_class` is the catalogue);
// - functions: the allow-list below (aggregates, arithmetic, text, dates), unqualified or `pg_catalog.`;
// - no SELECT INTO, no locking clause, no `reg*` casts, no type or operator of another schema, no
//   session facts (current_user, current_schema …).

export interface UploadsScope {
  /** `uploads_<organisation id without dashes>`. */
  schema: string;
  /** The tables in that schema (lower-case, as stored). */
  tables: ReadonlySet<string>;
}

const allowedNodes = new Set([
  'SelectStmt',
  'ResTarget',
  'ColumnRef',
  'A_Const',
  'A_Expr',
  'A_Star',
  'A_Indices',
  'A_Indirection',
  'A_ArrayExpr',
  'BoolExpr',
  'BooleanTest',
  'NullTest',
  'CaseExpr',
  'CaseWhen',
  'CoalesceExpr',
  'MinMaxExpr',
  'RowExpr',
  'SubLink',
  'FuncCall',
  'NamedArgExpr',
  'TypeCast',
  'TypeName',
  'CollateClause',
  'RangeVar',
  'RangeSubselect',
  'RangeFunction',
  'JoinExpr',
  'WithClause',
  'CommonTableExpr',
  'SortBy',
  'WindowDef',
  'GroupingSet',
  'GroupingFunc',
  'SQLValueFunction',
  'ParamRef',
  'Alias',
  'List',
  'String',
  'Integer',
  'Float',
  'Boolean',
  'BitString',
]);

/** Statistical aggregates, the same names in PostgreSQL, MySQL/MariaDB and uploaded tables. */
export const statisticalAggregates = [
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
];

/** Window functions: the same names, read only, in PostgreSQL, MySQL/MariaDB and uploaded tables. */
export const windowFunctions = [
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
];

/** Functions SQL over uploaded tables may call: aggregates, windows, arithmetic, text and dates. */
export const uploadsFunctionAllowList: ReadonlySet<string> = new Set([
  // aggregates
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  ...statisticalAggregates,
  'corr',
  'covar_pop',
  'covar_samp',
  'regr_slope',
  'regr_intercept',
  'percentile_cont',
  'percentile_disc',
  'mode',
  // windows
  ...windowFunctions,
  // arithmetic
  'abs',
  'ceil',
  'ceiling',
  'floor',
  'round',
  'trunc',
  'sign',
  'sqrt',
  'cbrt',
  'power',
  'pow',
  'exp',
  'ln',
  'log',
  'log10',
  'mod',
  'div',
  'pi',
  'degrees',
  'radians',
  'width_bucket',
  'random',
  // text
  'lower',
  'upper',
  'initcap',
  'length',
  'char_length',
  'character_length',
  'octet_length',
  'substr',
  'substring',
  'left',
  'right',
  'btrim',
  'ltrim',
  'rtrim',
  'lpad',
  'rpad',
  'replace',
  'translate',
  'concat',
  'concat_ws',
  'split_part',
  'position',
  'strpos',
  'starts_with',
  'reverse',
  'repeat',
  'overlay',
  'format',
  'to_char',
  'to_number',
  'to_date',
  'to_timestamp',
  'regexp_replace',
  'regexp_match',
  'regexp_like',
  'md5',
  // dates
  'now',
  'date_trunc',
  'date_part',
  'extract',
  'age',
  'make_date',
  'make_time',
  'make_timestamp',
  'make_interval',
  'date_bin',
  'justify_days',
  'justify_hours',
  'justify_interval',
  'isfinite',
  'timezone',
  'overlaps',
  'generate_series',
  // lists
  'unnest',
  'array_length',
  'cardinality',
  'array_position',
  'array_to_string',
]);

/** Date and time of the statement: allowed. The rest (current_user, current_schema …) tells about the cockpit. */
const allowedValueFunctions = new Set([
  'SVFOP_CURRENT_DATE',
  'SVFOP_CURRENT_TIME',
  'SVFOP_CURRENT_TIME_N',
  'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME',
  'SVFOP_LOCALTIME_N',
  'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

type Node = PgNode;

export function confineToUploads(
  statement: unknown,
  scope: UploadsScope,
  toOffset: (byte: number) => number,
): void {
  const refuse = (reason: string, node?: Node): never => {
    const location =
      typeof node?.location === 'number' && node.location >= 0 ? toOffset(node.location) : null;
    throw new SqlRefused(reason, location);
  };

  const checkRelation = (range: Node, ctes: ReadonlySet<string>) => {
    const relname = textOf(range.relname);
    const schemaname = range.schemaname === undefined ? null : textOf(range.schemaname);
    if (range.catalogname !== undefined) refuse(`'${relname}' names another database`, range);
    if (relname.startsWith('pg_'))
      refuse(`'${relname}' is a system catalogue: only your uploaded tables can be read`, range);
    if (schemaname === null) {
      if (ctes.has(relname) || scope.tables.has(relname)) return;
      refuse(`'${relname}' is not one of your uploaded tables`, range);
    }
    if (schemaname !== scope.schema)
      refuse(`'${schemaname}.${relname}': only your uploaded tables can be read`, range);
    if (!scope.tables.has(relname)) refuse(`'${relname}' is not one of your uploaded tables`, range);
  };

  const checkFunction = (call: Node) => {
    const names = stringsOf(call.funcname);
    const name = names.at(-1)?.toLowerCase() ?? '';
    const qualifier = names.length > 1 ? names.slice(0, -1).join('.') : null;
    if ((qualifier !== null && qualifier !== 'pg_catalog') || !uploadsFunctionAllowList.has(name)) {
      refuse(`the function '${names.join('.')}' is not allowed over uploaded tables`, call);
    }
  };

  const checkType = (typeName: Node) => {
    const names = stringsOf(typeName.names).map((name) => name.toLowerCase());
    const name = names.at(-1) ?? '';
    if (names.length > 1 && names.slice(0, -1).join('.') !== 'pg_catalog') {
      refuse(`the type '${names.join('.')}' is not allowed over uploaded tables`, typeName);
    }
    if (isRegType(names)) refuse(`a cast to '${name}' is not allowed over uploaded tables`, typeName);
  };

  const checkOperator = (expression: Node) => {
    const names = stringsOf(expression.name);
    if (names.length > 1 && names[0] !== 'pg_catalog') {
      refuse(`the operator '${names.join('.')}' is not allowed over uploaded tables`, expression);
    }
  };

  walkPgTree(statement, {
    node(kind, body, ctes) {
      if (!allowedNodes.has(kind))
        refuse(`${kind.replace(/Stmt$|Expr$/, '')} is not allowed over uploaded tables`, body);
      if (kind === 'RangeVar') checkRelation(body, ctes);
      if (kind === 'FuncCall') checkFunction(body);
      if (kind === 'TypeName') checkType(body);
      if (kind === 'A_Expr') checkOperator(body);
      if (kind === 'SQLValueFunction' && !allowedValueFunctions.has(String(body.op))) {
        refuse(
          `${String(body.op).replace('SVFOP_', '').toLowerCase()} is not allowed over uploaded tables`,
          body,
        );
      }
    },
    // Bare bodies (a SelectStmt's `larg`, a TypeCast's `typeName`) are checked here.
    body(body) {
      if (body.intoClause) refuse('SELECT INTO writes a table: only a plain SELECT may run');
      if (body.lockingClause) refuse('a report does not lock rows (FOR UPDATE/SHARE)');
      if (body.typeName && typeof body.typeName === 'object') checkType(body.typeName as Node);
    },
    cte(cte) {
      if (textOf(cte.ctename).startsWith('pg_'))
        refuse(`a CTE may not be called '${String(cte.ctename)}'`, cte);
    },
  });
}
