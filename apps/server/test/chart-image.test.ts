import type { ReportChart } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { chartPng } from '../src/features/subscriptions/chart-image';
import { createValueFormatter } from '../src/features/subscriptions/value-format';

// Charts in mails (decision 029): drawn as SVG with the page's option, rasterised to PNG; recipients who
// get the same chart share one rasterised image.

const chart = (values: number[]): ReportChart => ({
  id: 'trend',
  title: 'Revenue',
  kind: 'bar',
  categoryFormat: 'month',
  categories: ['2026-01-01', '2026-02-01', '2026-03-01'],
  series: [{ key: 'revenue', label: 'Revenue', format: 'currency', values, axis: 0 }],
});

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('chart images', () => {
  it('rasterises a chart once: the same chart in the same culture is the same image', () => {
    const english = createValueFormatter('auto', '€', 'en');
    const first = chartPng(chart([1200, 900, 1500]), english);
    expect(first.subarray(0, 8)).toEqual(pngSignature);
    expect(chartPng(chart([1200, 900, 1500]), english)).toBe(first);

    // Other figures, or another culture's labels, are another image.
    const other = chartPng(chart([1200, 901, 1500]), english);
    expect(other).not.toBe(first);
    expect(other.equals(first)).toBe(false);
    const german = chartPng(chart([1200, 900, 1500]), createValueFormatter('auto', '€', 'de-DE'));
    expect(german.equals(first)).toBe(false);
  });
});
