import { describe, expect, it } from 'vitest';
import { attributeValuesFromClaims, lacksMappedClaims } from './attribute-claims';

describe('attribute values from single-sign-on claims', () => {
  const mapping = { region: 'region', team: 'groups', cost_centre: 'extension_costCentre', level: 'level' };

  it('takes a string, a number or an array of them, trimmed and without duplicates', () => {
    expect(
      attributeValuesFromClaims(mapping, {
        region: ' North ',
        groups: ['Sales', 'Sales', ' Support', 7],
        extension_costCentre: 4711,
        level: 'senior',
      }),
    ).toEqual({
      region: ['North'],
      team: ['Sales', 'Support', '7'],
      cost_centre: ['4711'],
      level: ['senior'],
    });
  });

  it('removes a key whose claim is missing, empty, of another type or breaks the attribute rules', () => {
    expect(
      attributeValuesFromClaims(mapping, {
        region: '',
        groups: [{ nested: true }, null],
        level: 'x'.repeat(201),
      }),
    ).toEqual({ region: null, team: null, cost_centre: null, level: null });
  });

  it('never reads a claim from the prototype', () => {
    expect(attributeValuesFromClaims({ region: 'constructor' }, {})).toEqual({ region: null });
  });

  it('says when the ID token lacks a mapped claim', () => {
    expect(lacksMappedClaims({ region: 'region' }, { region: 'North' })).toBe(false);
    expect(lacksMappedClaims({ region: 'region', team: 'groups' }, { region: 'North' })).toBe(true);
  });
});
