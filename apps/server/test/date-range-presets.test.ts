import { describe, expect, it } from 'vitest';
import { presetRange } from '../src/reports';

// The date-range presets of report parameters (packages/contracts/src/report-dates.ts), counted from today (UTC).

describe('date-range presets', () => {
  it('"last month" is the previous full calendar month', () => {
    expect(presetRange('last-month', '2026-03-15', null)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', '2024-03-01', null)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last-month', '2026-07-31', null)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
  });

  it('"last month" in January is December of the year before', () => {
    expect(presetRange('last-month', '2026-01-10', null)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('the other presets keep their meaning', () => {
    expect(presetRange('last-year', '2026-03-15', null)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('this-year', '2026-03-15', null)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(presetRange('last-30-days', '2026-03-15', null)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
  });
});
