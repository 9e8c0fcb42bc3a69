import { type DefinitionParameter, errorCodes, parseChoiceNotOffered } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { checkChosen, chosenValues, optionValues, optionsDefinition } from './choice-options';

const label = { en: 'Region' };
const fromQuery: DefinitionParameter = {
  name: 'region',
  type: 'multi-choice',
  label,
  required: false,
  optionsSql: 'select region from regions',
};
const fixed: DefinitionParameter = {
  name: 'size',
  type: 'choice',
  label,
  required: false,
  options: [{ value: 'S' }],
};

describe('choices from a query', () => {
  it('checks only choices from a query, and only values given', () => {
    expect(chosenValues(fromQuery, ['North', '', 'South'])).toEqual(['North', 'South']);
    expect(chosenValues({ ...fromQuery, type: 'choice' }, 'North')).toEqual(['North']);
    expect(chosenValues(fromQuery, null)).toEqual([]);
    expect(chosenValues(fromQuery, [])).toEqual([]);
    // A fixed list is checked where values are resolved (sql/parameter-values.ts).
    expect(chosenValues(fixed, 'S')).toEqual([]);
  });

  it("refuses a value outside the reader's options with a 400 naming the parameter and the value", () => {
    expect(() => checkChosen(fromQuery, ['North'], ['North'])).not.toThrow();
    let refused: unknown;
    try {
      checkChosen(fromQuery, ['North', 'South'], ['North']);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, code: errorCodes.choiceNotOffered });
    expect(parseChoiceNotOffered((refused as Error).message)).toEqual({
      parameter: 'region',
      value: 'South',
    });
  });

  it('reads the options as the page lists them: the first column as text, empty cells left out', () => {
    expect(optionValues([['North'], [null], [7], [true], ['2026-01-31']])).toEqual([
      'North',
      '7',
      'true',
      '2026-01-31',
    ]);
  });

  it('names the option list the same for the check and the page, so both share one cached result', () => {
    expect(optionsDefinition({ name: 'sales', version: 4 }, fromQuery)).toEqual({
      name: 'sales.region',
      version: 4,
      sql: 'select region from regions',
      parameters: [],
      cacheSeconds: 300,
    });
  });
});
