import { describe, expect, it } from 'vitest';
import { maxReportRangeDays } from '@cockpit/contracts';
import { frameSandbox } from './frame-sandbox';
import { readParameterValues, validateCustomRange } from '../../../lib/parameter-values';
import { readReportSearch, withParameterValue, writeReportSearch } from './report-search';

describe('report search parameters', () => {
  it('reads and writes the URL query, leaving out empty values', () => {
    const search = readReportSearch(new URLSearchParams('values=%7B%7D&range=this-year&other=1'));
    expect(search).toEqual({ values: '{}' });
    expect(readReportSearch(new URLSearchParams('values='))).toEqual({});
    expect(writeReportSearch({ values: '{"a":1}' }).toString()).toBe('values=%7B%22a%22%3A1%7D');
    expect(writeReportSearch({}).toString()).toBe('');
  });

  it("carries a query report's values as JSON, so a link opens the same view", () => {
    let search = withParameterValue({}, 'period', { preset: 'last-year' });
    search = withParameterValue(search, 'regions', ['North', 'West']);
    const params = writeReportSearch(search);
    expect(params.get('values')).toBe('{"period":{"preset":"last-year"},"regions":["North","West"]}');
    const again = readReportSearch(new URLSearchParams(params.toString()));
    expect(readParameterValues(again.values)).toEqual({
      period: { preset: 'last-year' },
      regions: ['North', 'West'],
    });
    // A changed value replaces only itself.
    expect(readParameterValues(withParameterValue(again, 'regions', []).values)).toEqual({
      period: { preset: 'last-year' },
      regions: [],
    });
    expect(readParameterValues('{nope')).toEqual({});
  });

  it('checks a custom range like the server does', () => {
    expect(validateCustomRange('2026-01-01', '2026-01-31', maxReportRangeDays)).toBeNull();
    expect(validateCustomRange('2026-01-31', '2026-01-31', maxReportRangeDays)).toBeNull();
    expect(validateCustomRange('', '2026-01-31', maxReportRangeDays)).toBe('required');
    expect(validateCustomRange('2026-02-01', '2026-01-31', maxReportRangeDays)).toBe('endBeforeStart');
    expect(validateCustomRange('2000-01-01', '2026-01-31', maxReportRangeDays)).toBe('tooLong');
  });
});

describe('frameSandbox', () => {
  const app = 'https://cockpit.example';
  it('gives a page of this origin no scripts (scripts plus same-origin could lift the sandbox)', () => {
    expect(frameSandbox('/embedded/kpi-glossary?lang=en', app)).toBe('allow-same-origin');
    expect(frameSandbox('https://cockpit.example/embedded/x', app)).toBe('allow-same-origin');
  });

  it('lets a page of another origin run its scripts in its own origin', () => {
    expect(frameSandbox('https://bi.example/report/1', app)).toBe(
      'allow-scripts allow-same-origin allow-popups allow-forms',
    );
  });
});
