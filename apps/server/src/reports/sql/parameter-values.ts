import {
  type DateRange,
  type DefinitionParameter,
  type ParameterValue,
  type ParameterValues,
  dateRangeValueSchema,
  isoDateSchema,
  maxReportRangeDays,
  rangeLengthDays,
} from '@cockpit/contracts';
import { badRequest } from '../../lib/http-error';
import { translate } from '../../lib/language';
import { presetRange } from '../preset-range';
import type { BoundValue, PlaceholderType } from './sql-template';

// A run's parameter values (docs/decisions/027-reports-over-own-data.md): each checked against its
// declared type, defaults filled in, required ones present, date-range presets resolved against today.
// A wrong value is a 400 naming the parameter — never coerced into something else.

/** A parameter's value ready to bind: a date range as its two dates, everything else as bound. */
export type ResolvedValue = BoundValue | { from: string; to: string };
export type ResolvedParameterValues = Record<string, ResolvedValue>;

export interface ParameterContext {
  /** `YYYY-MM-DD` (UTC) the presets count from. */
  today: string;
  /** What the preset `all` stands for; default: every date. */
  allRange?: DateRange | null;
}

/** The preset `all` without a data set's range: no date is left out. */
export const everyDate: DateRange = { from: '1000-01-01', to: '9999-12-31' };

const invalid = (name: string, why: string) => badRequest(`Invalid parameter '${name}': ${why}`);

function resolveOne(
  parameter: DefinitionParameter,
  value: ParameterValue,
  context: ParameterContext,
): ResolvedValue {
  const { name } = parameter;
  if (value === null) return null;
  switch (parameter.type) {
    case 'date-range': {
      const parsed = dateRangeValueSchema.safeParse(value);
      if (!parsed.success) throw invalid(name, 'must be { preset } or { from, to } with dates YYYY-MM-DD');
      const range =
        'preset' in parsed.data
          ? presetRange(parsed.data.preset, context.today, context.allRange ?? everyDate)
          : parsed.data;
      if (range.from > range.to) throw invalid(name, "'from' must not be after 'to'");
      // The longest custom range bounds the work of one request (report-dates.ts): the browser's check
      // is a convenience, this is the rule. A preset (`all` included) is the report's own choice.
      if (!('preset' in parsed.data) && rangeLengthDays(range.from, range.to) > maxReportRangeDays) {
        throw invalid(name, translate('en', 'reports.range.tooLong'));
      }
      return { from: range.from, to: range.to };
    }
    case 'date':
      if (typeof value !== 'string' || !isoDateSchema.safeParse(value).success) {
        throw invalid(name, 'must be a date YYYY-MM-DD');
      }
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(name, 'must be a number');
      return value;
    case 'text':
      if (typeof value !== 'string') throw invalid(name, 'must be a text');
      return value;
    case 'choice':
      if (typeof value !== 'string') throw invalid(name, 'must be one choice (a text)');
      checkOptions(parameter, [value]);
      return value;
    case 'multi-choice':
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
        throw invalid(name, 'must be a list of choices');
      }
      checkOptions(parameter, value);
      return [...new Set(value)];
  }
}

/** A fixed list of options is the whole truth; choices from `optionsSql` are bound like any text. */
function checkOptions(parameter: DefinitionParameter, chosen: readonly string[]) {
  if (!parameter.options) return;
  const allowed = new Set(parameter.options.map((option) => option.value));
  const unknown = chosen.find((value) => value !== '' && !allowed.has(value));
  if (unknown !== undefined) throw invalid(parameter.name, `'${unknown}' is not one of its choices`);
}

const isEmpty = (value: ResolvedValue) =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Every declared parameter's value: the given one, else its default, else null. Values for names the
 * definition does not declare are refused (a typo would otherwise be ignored silently).
 */
export function resolveParameterValues(
  parameters: readonly DefinitionParameter[],
  values: ParameterValues,
  context: ParameterContext,
): ResolvedParameterValues {
  const declared = new Set(parameters.map((parameter) => parameter.name));
  const unknown = Object.keys(values).find((name) => !declared.has(name));
  if (unknown !== undefined)
    throw badRequest(`Unknown parameter '${unknown}': this report does not declare it`);
  const resolved: ResolvedParameterValues = {};
  for (const parameter of parameters) {
    // A value given as null is a choice (an optional filter cleared), not a request for the default.
    const given = Object.hasOwn(values, parameter.name)
      ? values[parameter.name]
      : (parameter.default ?? null);
    const value = resolveOne(parameter, given ?? null, context);
    if (parameter.required && isEmpty(value)) throw badRequest(`Parameter '${parameter.name}' is required`);
    resolved[parameter.name] = value;
  }
  return resolved;
}

/**
 * The bound value of a parameter reference: `range.from` / `range.to` of a date range, the value of any
 * other parameter; `undefined` for a name that is not declared (or a date range without `.from`/`.to`).
 */
export function parameterReferenceValue(
  parameters: readonly DefinitionParameter[],
  resolved: ResolvedParameterValues,
  reference: string,
): BoundValue | undefined {
  const [name = '', part, extra] = reference.split('.');
  const parameter = parameters.find((candidate) => candidate.name === name);
  if (!parameter || extra !== undefined) return undefined;
  const value = resolved[name] ?? null;
  if (parameter.type === 'date-range') {
    if (part !== 'from' && part !== 'to') return undefined;
    return value === null ? null : (value as { from: string; to: string })[part];
  }
  if (part !== undefined) return undefined;
  return value as BoundValue;
}

const placeholderTypes: Record<DefinitionParameter['type'], PlaceholderType> = {
  'date-range': 'date',
  date: 'date',
  number: 'numeric',
  text: 'text',
  choice: 'text',
  'multi-choice': 'text[]',
};

/**
 * The type a reference's placeholder is bound as on PostgreSQL (decision 037): a date range's ends and a
 * date `date`, a number `numeric`, a text or choice `text`, a multi-choice one `text[]`; the user's email
 * `text`, an attribute (a list) `text[]`. `undefined` for what is not declared.
 */
export function parameterReferenceType(
  parameters: readonly DefinitionParameter[],
  reference: string,
): PlaceholderType | undefined {
  if (reference === 'user.email') return 'text';
  if (reference.startsWith('user.attributes.')) return 'text[]';
  const [name = '', part] = reference.split('.');
  const parameter = parameters.find((candidate) => candidate.name === name);
  if (!parameter || (part !== undefined) !== (parameter.type === 'date-range')) return undefined;
  return placeholderTypes[parameter.type];
}
