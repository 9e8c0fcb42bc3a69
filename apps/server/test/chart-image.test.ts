import type { ReportChart } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { chartPng, chartSvg } from '../src/features/subscriptions/chart-image';
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

describe('chart images of the newer kinds (decision 047)', () => {
  it('draws a pie with its slices and shares, a donut, and bars with a line', () => {
    const english = createValueFormatter('auto', '€', 'en');
    const pie: ReportChart = {
      id: 'share',
      title: 'Share',
      kind: 'pie',
      categoryFormat: 'text',
      categories: ['North', 'South', 'Other'],
      series: [{ key: 'revenue', label: 'Revenue', format: 'currency', values: [600, 300, 100], axis: 0 }],
    };
    const svg = chartSvg(pie, english);
    // One sector per slice, each labelled with its name and share.
    expect(svg.match(/<path /g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(svg).toContain('North: 60');
    expect(svg).toContain('Other: 10');
    expect(chartPng(pie, english).subarray(0, 8)).toEqual(pngSignature);
    expect(chartPng({ ...pie, kind: 'donut' }, english).equals(chartPng(pie, english))).toBe(false);

    const combined: ReportChart = {
      ...chart([1200, 900, 1500]),
      kind: 'combined',
      series: [
        {
          key: 'revenue',
          label: 'Revenue',
          format: 'currency',
          values: [1200, 900, 1500],
          axis: 0,
          shape: 'bar',
        },
        {
          key: 'target',
          label: 'Target',
          format: 'currency',
          values: [1000, 1000, 1000],
          axis: 0,
          shape: 'line',
        },
      ],
    };
    const combinedSvg = chartSvg(combined, english);
    expect(combinedSvg).toContain('Target');
    expect(chartPng(combined, english).subarray(0, 8)).toEqual(pngSignature);
  });
});
