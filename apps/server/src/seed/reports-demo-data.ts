import type { DashboardTileType, ReportKind, ReportQueryKey } from '@cockpit/contracts';
import type { z } from 'zod';
import type { reportDefaultsSchema, tileSettingsSchema } from '../reporting/report-settings';

// The demo report definitions and dashboard tiles (issue 5). A report's `name` is the menu item it
// opens (`/reports/<name>`); menu items without a definition show "not available". The seed validates
// every `params` with the same schemas the server reads them with.

export interface DemoReport {
  name: string;
  kind: ReportKind;
  queryKey?: ReportQueryKey;
  params?: z.input<typeof reportDefaultsSchema>;
  frameUrl?: string;
  externalUrl?: string;
}

export interface DemoTile {
  type: DashboardTileType;
  queryKey: ReportQueryKey;
  params: z.input<typeof tileSettingsSchema>;
  titleEn: string;
  titleDe: string;
  /** Columns of 12. */
  width: number;
}

/** Per organisation name. */
export const demoReports: Record<string, DemoReport[]> = {
  'Demo GmbH': [
    {
      name: 'totalviewlayout',
      kind: 'builtin',
      queryKey: 'sales-overview',
      params: { range: 'this-year', grouping: 'month' },
    },
    {
      name: 'pmxlayout',
      kind: 'builtin',
      queryKey: 'product-mix',
      params: { range: 'last-12-months', grouping: 'month' },
    },
    {
      name: 'sales-by-region',
      kind: 'builtin',
      queryKey: 'region-performance',
      params: { range: 'this-year', grouping: 'region' },
    },
    {
      name: 'sales-by-product',
      kind: 'builtin',
      queryKey: 'product-ranking',
      params: { range: 'this-year', grouping: 'product' },
    },
    {
      name: 'sales-trend',
      kind: 'builtin',
      queryKey: 'sales-trend',
      params: { range: 'last-12-months', grouping: 'month' },
    },
    {
      name: 'store-ranking',
      kind: 'builtin',
      queryKey: 'region-performance',
      params: { range: 'last-12-months', grouping: 'store' },
    },
    {
      name: 'contribution-margin',
      kind: 'builtin',
      queryKey: 'margin-detail',
      params: { range: 'last-12-months', grouping: 'week' },
    },
    // Same-origin: the machine may be offline, and REPORT_FRAME_ORIGINS lists only other origins.
    { name: 'kpi-glossary', kind: 'embedded', frameUrl: '/embedded/kpi-glossary?lang={lang}' },
    { name: 'market-data-portal', kind: 'external', externalUrl: 'https://example.com/market-data' },
    { name: 'report-archive', kind: 'external', externalUrl: 'https://example.com/report-archive' },
  ],
  'Beispiel AG': [
    {
      name: 'ba-revenue-overview',
      kind: 'builtin',
      queryKey: 'sales-overview',
      params: { range: 'this-year', grouping: 'month' },
    },
    {
      name: 'ba-branch-report',
      kind: 'builtin',
      queryKey: 'region-performance',
      params: { range: 'this-year', grouping: 'store' },
    },
  ],
};

/** Per organisation name, per layout id (the dashboards themselves come from demo-data.ts). */
export const demoDashboardTiles: Record<string, Record<number, DemoTile[]>> = {
  'Demo GmbH': {
    101: [
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'this-year', kpis: ['revenue'] },
        titleEn: 'Revenue this year',
        titleDe: 'Umsatz im laufenden Jahr',
        width: 3,
      },
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'this-year', kpis: ['margin'] },
        titleEn: 'Margin this year',
        titleDe: 'Marge im laufenden Jahr',
        width: 3,
      },
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'this-year', kpis: ['marginPct'] },
        titleEn: 'Margin rate this year',
        titleDe: 'Margenquote im laufenden Jahr',
        width: 3,
      },
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'this-year', kpis: ['quantity'] },
        titleEn: 'Units sold this year',
        titleDe: 'Verkaufte Stück im laufenden Jahr',
        width: 3,
      },
      {
        type: 'line',
        queryKey: 'sales-overview',
        params: { range: 'last-12-months', grouping: 'month', chart: 'trend', series: ['revenue', 'margin'] },
        titleEn: 'Revenue and margin, last 12 months',
        titleDe: 'Umsatz und Marge, letzte 12 Monate',
        width: 8,
      },
      {
        type: 'bar',
        queryKey: 'sales-overview',
        params: { range: 'this-year', chart: 'by-region', series: ['revenue'] },
        titleEn: 'Revenue by region',
        titleDe: 'Umsatz nach Region',
        width: 4,
      },
      {
        type: 'table',
        queryKey: 'product-ranking',
        params: { range: 'this-year', grouping: 'product', limit: 10 },
        titleEn: 'Top 10 products this year',
        titleDe: 'Top 10 Produkte im laufenden Jahr',
        width: 12,
      },
    ],
    102: [
      {
        type: 'kpi',
        queryKey: 'sales-trend',
        params: { range: 'this-year', grouping: 'month', kpis: ['revenue', 'priorRevenue', 'changePct'] },
        titleEn: 'This year compared with last year',
        titleDe: 'Laufendes Jahr im Vergleich zum Vorjahr',
        width: 6,
      },
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'last-30-days', kpis: ['revenue', 'quantity'] },
        titleEn: 'Last 30 days',
        titleDe: 'Letzte 30 Tage',
        width: 6,
      },
      {
        type: 'line',
        queryKey: 'sales-trend',
        params: { range: 'last-12-months', grouping: 'month' },
        titleEn: 'Monthly revenue compared with last year',
        titleDe: 'Monatsumsatz im Vorjahresvergleich',
        width: 12,
      },
      {
        type: 'bar',
        queryKey: 'region-performance',
        params: { range: 'this-year', grouping: 'store', series: ['revenue'] },
        titleEn: 'Revenue by store',
        titleDe: 'Umsatz nach Filiale',
        width: 6,
      },
      {
        type: 'table',
        queryKey: 'region-performance',
        params: { range: 'this-year', grouping: 'region', limit: 10 },
        titleEn: 'Regions this year',
        titleDe: 'Regionen im laufenden Jahr',
        width: 6,
      },
    ],
    201: [
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'last-30-days', kpis: ['quantity'] },
        titleEn: 'Units sold, last 30 days',
        titleDe: 'Verkaufte Stück, letzte 30 Tage',
        width: 4,
      },
      {
        type: 'kpi',
        queryKey: 'product-ranking',
        params: { range: 'last-30-days', grouping: 'product', kpis: ['topProduct'] },
        titleEn: 'Best seller, last 30 days',
        titleDe: 'Bestseller, letzte 30 Tage',
        width: 4,
      },
      {
        type: 'kpi',
        queryKey: 'product-ranking',
        params: { range: 'last-30-days', grouping: 'category', kpis: ['topCategory'] },
        titleEn: 'Strongest category, last 30 days',
        titleDe: 'Stärkste Kategorie, letzte 30 Tage',
        width: 4,
      },
      {
        type: 'line',
        queryKey: 'sales-overview',
        params: { range: 'last-12-months', grouping: 'week', chart: 'trend', series: ['quantity'] },
        titleEn: 'Units sold per week',
        titleDe: 'Verkaufte Stück je Woche',
        width: 12,
      },
      {
        type: 'bar',
        queryKey: 'product-ranking',
        params: { range: 'this-year', grouping: 'category', series: ['quantity'] },
        titleEn: 'Units by category this year',
        titleDe: 'Stück nach Kategorie im laufenden Jahr',
        width: 6,
      },
      {
        type: 'table',
        queryKey: 'product-mix',
        params: { range: 'last-12-months', grouping: 'quarter', limit: 8 },
        titleEn: 'Revenue per category and quarter',
        titleDe: 'Umsatz je Kategorie und Quartal',
        width: 6,
      },
    ],
  },
  'Beispiel AG': {
    301: [
      {
        type: 'kpi',
        queryKey: 'sales-overview',
        params: { range: 'this-year', kpis: ['revenue', 'margin', 'marginPct'] },
        titleEn: 'This year',
        titleDe: 'Laufendes Jahr',
        width: 12,
      },
      {
        type: 'bar',
        queryKey: 'region-performance',
        params: { range: 'this-year', grouping: 'store', series: ['revenue'] },
        titleEn: 'Revenue by branch',
        titleDe: 'Umsatz nach Niederlassung',
        width: 6,
      },
      {
        type: 'line',
        queryKey: 'sales-overview',
        params: { range: 'last-12-months', grouping: 'month', chart: 'trend', series: ['revenue'] },
        titleEn: 'Revenue per month',
        titleDe: 'Umsatz je Monat',
        width: 6,
      },
    ],
  },
};
