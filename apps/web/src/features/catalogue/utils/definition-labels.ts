import type { ColumnFormat, DefinitionVisual } from '@cockpit/contracts';

// Static keys: checks/locale-keys.test.ts finds them and checks that every language has them.

export const columnFormatLabelKeys: Record<ColumnFormat, string> = {
  text: 'management.data.format.text',
  integer: 'management.data.format.integer',
  number: 'management.data.format.number',
  currency: 'management.data.format.currency',
  percent: 'management.data.format.percent',
  date: 'management.data.format.date',
  week: 'management.data.format.week',
  month: 'management.data.format.month',
  quarter: 'management.data.format.quarter',
};

export const visualLabelKeys: Record<DefinitionVisual['type'], string> = {
  kpi: 'management.data.visual.kpi',
  chart: 'management.data.visual.chart',
  table: 'management.data.visual.table',
};

/** What the definition editor shows for the server's refusals (lib/server-error): a source may be unreachable. */
export const definitionErrorTexts = {
  exists: 'management.data.errors.exists',
  gone: 'management.data.errors.gone',
  unavailable: 'management.data.errors.unavailable',
};
