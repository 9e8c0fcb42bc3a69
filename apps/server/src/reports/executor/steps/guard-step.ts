import { type DefinitionParameter, userAttributesPrefix, userEmailParameter } from '@cockpit/contracts';
import { LRUCache } from 'lru-cache';
import {
  parameterReferenceType,
  parameterReferenceValue,
  resolveParameterValues,
} from '../../sql/parameter-values';
import { SqlRefused } from '../../sql/sql-refused';
import { type BoundValue, compileTemplate, isUserReference } from '../../sql/sql-template';
import { guardStatement } from '../../sql/statement-guard';
import { MissingUserAttribute } from '../executor-errors';
import type { RunUser } from '../executor-types';
import { checkChosen, chosenValues } from './choice-options';
import type { RunContext, RunStep } from './run-context';

// guard (docs/decisions/038-one-run-path.md): the values checked against their declared types and, for a
// choice, against its options — a fixed list, or the reader's own options from its `optionsSql` — the
// template compiled with the reader's email and attributes (a missing attribute is 403, never unfiltered
// data), and the compiled statement checked by the statement guard (reports/sql). A statement that
// passed is remembered per dialect (uploads: per source version); a refusal never is.

/** A user reference's value; a user without the attribute gets no data. */
export function userReferenceValue(user: RunUser, reference: string): BoundValue | undefined {
  if (reference === userEmailParameter) return user.email;
  if (!reference.startsWith(userAttributesPrefix)) return undefined;
  const key = reference.slice(userAttributesPrefix.length);
  const values = Object.hasOwn(user.attributes, key) ? user.attributes[key] : undefined;
  if (!values || values.length === 0) throw new MissingUserAttribute(key);
  return values;
}

export interface GuardStepOptions {
  /** The reader's options of a choice from a query (the same run path, purpose `choices`, cached). */
  optionsOf: (context: RunContext, parameter: DefinitionParameter) => Promise<string[]>;
}

export function guardStep({ optionsOf }: GuardStepOptions): RunStep {
  const guarded = new LRUCache<string, true>({ max: 1_000 });
  return {
    name: 'guard',
    async run(context, next) {
      const { request, driver } = context;
      const { source, definition, user } = request;
      const parameters = resolveParameterValues(definition.parameters, request.values, {
        today: request.today,
        allRange: request.allRange ?? null,
      });
      // Checked one after the other: each is a run of its own against the reader's limits.
      for (const parameter of definition.parameters) {
        const chosen = chosenValues(parameter, parameters[parameter.name] as never);
        if (chosen.length > 0) checkChosen(parameter, chosen, await optionsOf(context, parameter));
      }
      const compiled = compileTemplate(
        definition.sql,
        driver.templateDialect,
        (reference) =>
          isUserReference(reference)
            ? userReferenceValue(user, reference)
            : parameterReferenceValue(definition.parameters, parameters, reference),
        { typeOf: (reference) => parameterReferenceType(definition.parameters, reference) },
      );
      const scope = driver.scope ? await driver.scope(source) : undefined;
      // A scope (the uploads schema's tables) belongs to the source's version: a new upload checks again.
      // Where the template put its placeholders belongs to the key: the same text with a `$n` of its own is refused.
      const key = `${source.kind}\u0000${scope ? `${source.id}:${source.version}` : ''}\u0000${compiled.placeholders.join(',')}\u0000${compiled.text}`;
      try {
        if (!guarded.has(key)) {
          await guardStatement(compiled.text, driver.guardDialect, scope, compiled.placeholders);
          guarded.set(key, true);
        }
      } catch (error) {
        if (error instanceof SqlRefused && error.position !== null) {
          throw new SqlRefused(error.reason, compiled.templatePosition(error.position));
        }
        throw error;
      }
      context.parameters = parameters;
      context.compiled = compiled;
      return next();
    },
  };
}
