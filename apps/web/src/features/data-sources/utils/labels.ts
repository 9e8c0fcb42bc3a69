import type {
  ColumnFormat,
  DataSourceKind,
  DataSourceTls,
  DefinitionVisual,
} from '@cockpit/contracts';

// Static keys: checks/locale-keys.test.ts finds them and checks that every language has them.

export const kindLabelKeys: Record<DataSourceKind, string> = {
  postgres: 'management.data.kind.postgres',
  mysql: 'management.data.kind.mysql',
  uploads: 'management.data.kind.uploads',
};

export const tlsLabelKeys: Record<DataSourceTls, string> = {
  off: 'management.data.tls.off',
  require: 'management.data.tls.require',
  verify: 'management.data.tls.verify',
};

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
