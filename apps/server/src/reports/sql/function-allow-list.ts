import { uploadsFunctionAllowList } from './uploads-confinement';

// The functions a definition over a database source may call (docs/decisions/037-statement-guard-allow-list.md):
// what is known to only compute — scalar, date, string, math, aggregate and window functions. A function
// not listed is refused with its name, so a new administration function, an extension's function or a
// writing one never runs because nobody thought of it: dblink, pg_terminate_backend, pg_read_file,
// pg_sleep, lo_*, set_config, advisory locks; MySQL's SLEEP, BENCHMARK, LOAD_FILE, GET_LOCK …
// Names are compared in lower case; PostgreSQL's may be qualified with `pg_catalog.` only.

/** PostgreSQL sources: the uploads list and what only matters outside one's own spreadsheets. */
export const postgresFunctionAllowList: ReadonlySet<string> = new Set([
  ...uploadsFunctionAllowList,
  // aggregates
  'any_value', 'bit_and', 'bit_or', 'bit_xor', 'json_agg', 'jsonb_agg', 'json_object_agg',
  'jsonb_object_agg', 'regr_count', 'regr_r2', 'regr_avgx', 'regr_avgy', 'regr_sxx', 'regr_syy', 'regr_sxy',
  // math
  'acos', 'asin', 'atan', 'atan2', 'cos', 'sin', 'tan', 'cot', 'sinh', 'cosh', 'tanh', 'gcd', 'lcm',
  'factorial', 'scale', 'min_scale', 'trim_scale', 'log2', 'num_nulls', 'num_nonnulls',
  // strings
  'ascii', 'chr', 'bit_length', 'encode', 'decode', 'to_hex', 'quote_ident', 'quote_literal',
  'quote_nullable', 'regexp_matches', 'regexp_split_to_array', 'regexp_split_to_table', 'regexp_count',
  'regexp_instr', 'regexp_substr', 'string_to_array', 'string_to_table', 'normalize', 'sha224', 'sha256',
  'sha384', 'sha512', 'unistr', 'to_ascii', 'btrim', 'ltrim', 'rtrim', 'text', 'to_tsvector', 'to_tsquery',
  'plainto_tsquery', 'phraseto_tsquery', 'websearch_to_tsquery', 'ts_rank', 'ts_rank_cd', 'ts_headline',
  'gen_random_uuid',
  // dates
  'clock_timestamp', 'statement_timestamp', 'transaction_timestamp', 'timeofday', 'make_timestamptz',
  'date_add', 'date_subtract', 'to_timestamp', 'current_setting',
  // lists, ranges, JSON
  'array_append', 'array_prepend', 'array_cat', 'array_remove', 'array_replace', 'array_positions',
  'array_upper', 'array_lower', 'array_dims', 'array_ndims', 'array_fill', 'array_sample', 'array_shuffle',
  'trim_array', 'generate_subscripts', 'int4range', 'int8range', 'numrange', 'daterange', 'tsrange',
  'tstzrange', 'lower', 'upper', 'isempty', 'lower_inc', 'upper_inc', 'lower_inf', 'upper_inf',
  'range_merge', 'json_build_object', 'jsonb_build_object', 'json_build_array', 'jsonb_build_array',
  'to_json', 'to_jsonb', 'json_object', 'jsonb_object', 'row_to_json', 'array_to_json', 'json_typeof',
  'jsonb_typeof', 'json_array_length', 'jsonb_array_length', 'json_array_elements', 'jsonb_array_elements',
  'json_array_elements_text', 'jsonb_array_elements_text', 'json_each', 'jsonb_each', 'json_each_text',
  'jsonb_each_text', 'json_extract_path', 'jsonb_extract_path', 'json_extract_path_text',
  'jsonb_extract_path_text', 'json_object_keys', 'jsonb_object_keys', 'jsonb_strip_nulls',
  'jsonb_pretty', 'jsonb_set', 'jsonb_insert', 'jsonb_path_query', 'jsonb_path_query_array',
  'jsonb_path_query_first', 'jsonb_path_exists', 'jsonb_path_match',
]);

/** MySQL and MariaDB sources (node-sql-parser's names; `CAST`, `EXTRACT`, `INTERVAL` are not calls there). */
export const mysqlFunctionAllowList: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'group_concat', 'std', 'stddev', 'stddev_pop', 'stddev_samp',
  'variance', 'var_pop', 'var_samp', 'bit_and', 'bit_or', 'bit_xor', 'json_arrayagg', 'json_objectagg',
  // windows
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value',
  'last_value', 'nth_value',
  // control and comparison
  'if', 'ifnull', 'nullif', 'coalesce', 'isnull', 'greatest', 'least', 'interval', 'strcmp',
  // math
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'truncate', 'sign', 'sqrt', 'pow', 'power', 'exp', 'ln',
  'log', 'log2', 'log10', 'mod', 'div', 'pi', 'degrees', 'radians', 'rand', 'acos', 'asin', 'atan',
  'atan2', 'cos', 'sin', 'tan', 'cot', 'conv', 'crc32',
  // strings
  'concat', 'concat_ws', 'lower', 'upper', 'lcase', 'ucase', 'length', 'char_length', 'character_length',
  'octet_length', 'bit_length', 'substr', 'substring', 'substring_index', 'mid', 'left', 'right', 'trim',
  'ltrim', 'rtrim', 'lpad', 'rpad', 'replace', 'reverse', 'repeat', 'space', 'insert', 'instr', 'locate',
  'position', 'field', 'find_in_set', 'elt', 'format', 'hex', 'unhex', 'md5', 'sha1', 'sha2', 'ascii',
  'ord', 'char', 'quote', 'soundex', 'regexp_replace', 'regexp_substr', 'regexp_instr', 'regexp_like',
  'to_base64', 'from_base64', 'uuid', 'convert', 'cast', 'collation', 'charset', 'weight_string',
  // dates
  'now', 'curdate', 'curtime', 'current_date', 'current_time', 'current_timestamp', 'localtime',
  'localtimestamp', 'utc_date', 'utc_time', 'utc_timestamp', 'sysdate', 'date', 'time', 'timestamp',
  'year', 'month', 'day', 'dayofmonth', 'dayofweek', 'dayofyear', 'week', 'weekday', 'weekofyear',
  'yearweek', 'quarter', 'hour', 'minute', 'second', 'microsecond', 'monthname', 'dayname', 'date_add',
  'date_sub', 'adddate', 'subdate', 'addtime', 'subtime', 'datediff', 'timediff', 'timestampdiff',
  'timestampadd', 'date_format', 'time_format', 'str_to_date', 'makedate', 'maketime', 'last_day',
  'extract', 'from_unixtime', 'unix_timestamp', 'convert_tz', 'to_days', 'from_days', 'to_seconds',
  'sec_to_time', 'time_to_sec', 'period_add', 'period_diff', 'get_format',
  // JSON
  'json_extract', 'json_unquote', 'json_value', 'json_query', 'json_object', 'json_array', 'json_length',
  'json_contains', 'json_contains_path', 'json_keys', 'json_type', 'json_valid', 'json_search',
  'json_depth', 'json_quote', 'json_merge_patch', 'json_merge_preserve', 'json_set', 'json_insert',
  'json_replace', 'json_remove', 'json_table',
]);

/**
 * System relations a PostgreSQL source's definition may not read: every `pg_*` relation (the catalogue and
 * its views — roles and their password hashes, other sessions' queries, settings, files) and the
 * `pg_catalog` / `pg_toast` schemas. `information_schema` stays: its views show only what the source's
 * account may see, and describing its own tables is the source's own business.
 */
export const isPostgresSystemRelation = (schema: string | null, relation: string): boolean =>
  relation.toLowerCase().startsWith('pg_') ||
  (schema !== null && ['pg_catalog', 'pg_toast'].includes(schema.toLowerCase()));

/** MySQL's `information_schema` tables that describe the account's own tables (the others list sessions, grants …). */
const mysqlInformationSchemaTables = new Set([
  'columns', 'tables', 'schemata', 'views', 'routines', 'statistics', 'key_column_usage',
  'table_constraints', 'referential_constraints', 'check_constraints', 'parameters', 'triggers',
  'character_sets', 'collations', 'partitions', 'column_statistics',
]);

/** The schemas of the server itself (accounts, other sessions, the server's own tables). */
const mysqlSystemSchemas = new Set(['mysql', 'performance_schema', 'sys']);

export const isMysqlSystemRelation = (database: string | null, table: string): boolean => {
  const schema = database?.toLowerCase() ?? null;
  if (schema === 'information_schema') return !mysqlInformationSchemaTables.has(table.toLowerCase());
  return schema !== null && mysqlSystemSchemas.has(schema);
};
