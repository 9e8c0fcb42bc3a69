import { type AppliedRowRule, userAttributesPrefix } from '@cockpit/contracts';
import type { StoredRowRule } from '../../../data-sources';
import { applyRowRules } from '../../sql/row-rules-rewrite';
import { RowRuleAttributeMissing } from '../executor-errors';
import type { ExecutorSource } from '../executor-types';
import type { RunStep } from './run-context';

// row rules (docs/decisions/044-row-rules.md), after guard and before bind: every reference of a table
// with a row rule becomes a subquery filtered by the reader's attribute values (bound, never spliced). A
// reader without the attribute gets RowRuleAttributeMissing naming it; an administrator bypasses a rule
// marked "administrators see all rows". Every run path passes here (decision 038): page, tile, download,
// mail, alert, preview, "Preview as" and choices. The answer says which rules applied.

export interface RowRulesStepOptions {
  /** The source's rules (remembered per source id and version: every change of a rule bumps the version). */
  rulesOf: (source: ExecutorSource) => Promise<readonly StoredRowRule[]>;
}

export function rowRulesStep({ rulesOf }: RowRulesStepOptions): RunStep {
  return {
    name: 'row-rules',
    async run(context, next) {
      const { request, driver, compiled } = context;
      if (!compiled) throw new Error('row rules run after guard');
      const rules = await rulesOf(request.source);
      if (rules.length === 0) return next();
      const { user } = request;
      const { compiled: rewritten, applied } = await applyRowRules(
        compiled,
        driver.guardDialect,
        rules,
        (rule) => {
          if ((rule as StoredRowRule).administratorsSeeAll && user.administrator === true) return null;
          const values = Object.hasOwn(user.attributes, rule.attribute)
            ? user.attributes[rule.attribute]
            : undefined;
          if (!values || values.length === 0) throw new RowRuleAttributeMissing(rule.attribute, rule.table);
          return values;
        },
      );
      // The attribute values used are logged like a `{{user.attributes.…}}` of the SQL (bind step).
      const used = applied
        .filter((entry) => !entry.seesAll)
        .map((entry) => `${userAttributesPrefix}${entry.rule.attribute}`);
      context.compiled = {
        ...rewritten,
        references: [...new Set([...rewritten.references, ...used])],
      };
      const rowRules: AppliedRowRule[] = applied.map(({ rule, seesAll }) => ({
        table: rule.schema ? `${rule.schema}.${rule.table}` : rule.table,
        column: rule.column,
        attribute: rule.attribute,
        seesAll,
      }));
      const answer = await next();
      if (answer.output !== 'rows' || rowRules.length === 0) return answer;
      return { output: 'rows', result: { ...answer.result, rowRules } };
    },
  };
}
