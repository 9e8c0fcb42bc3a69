import { describe, expect, it } from 'vitest';
import { reportDefinitionBodySchema } from '@cockpit/contracts';
import { definitionBodyOf, definitionFormOf } from './definition-form';

// The editor edits some parts of a definition; what it does not edit (a column that follows the grouping,
// a column's translated names, a choice option's format and German label — decision 027, the demo's
// definitions) must come back unchanged when the definition is saved.

const definition = reportDefinitionBodySchema.parse({
  name: 'sales-overview',
  source: 'uploads',
  sql: 'select {{grouping}} as g, period, region, region_de from t where day between {{period.from}} and {{period.to}}',
  parameters: [
    {
      name: 'grouping',
      type: 'choice',
      label: { en: 'Grouping', de: 'Gruppierung' },
      required: true,
      default: 'month',
      options: [
        { value: 'month', label: { en: 'Month', de: 'Monat' }, format: 'month' },
        { value: 'week', label: { en: 'Week', de: 'Woche' }, format: 'week' },
      ],
    },
    {
      name: 'period',
      type: 'date-range',
      label: { en: 'Period' },
      required: true,
      default: { preset: 'this-year' },
    },
  ],
  columns: [
    { name: 'period', label: { en: 'Period', de: 'Zeitraum' }, format: 'date', follows: 'grouping' },
    { name: 'region', label: { en: 'Region' }, format: 'text', translations: { de: 'region_de' } },
  ],
  visuals: [{ type: 'table', id: 'table', columns: ['period', 'region'], omitEmpty: true }],
});

describe('definition form', () => {
  it('keeps what the editor does not edit', () => {
    expect(reportDefinitionBodySchema.parse(definitionBodyOf(definitionFormOf(definition)))).toEqual(
      definition,
    );
  });

  it('an option whose English label was changed gets the new label, its format stays', () => {
    const form = definitionFormOf(definition);
    form.parameters.grouping = {
      ...form.parameters.grouping!,
      optionsText: 'month = Calendar month\nweek = Week',
    };
    const options = reportDefinitionBodySchema.parse(definitionBodyOf(form)).parameters[0]?.options;
    expect(options).toEqual([
      { value: 'month', label: { en: 'Calendar month' }, format: 'month' },
      { value: 'week', label: { en: 'Week', de: 'Woche' }, format: 'week' },
    ]);
  });
});
