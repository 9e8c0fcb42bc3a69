import type { TFunction } from 'i18next';
import {
  catalogueChangeLabelKeys,
  catalogueObjectLabelKeys,
  dashboardTileTypes,
  dateRangePresetLabelKeys,
  dateRangePresets,
  menuIconNames,
  type CatalogueChange,
  type CatalogueObjectKind,
  type DashboardTileType,
  type DateRangePreset,
  type MenuIconName,
} from '@cockpit/contracts';
import type { ItemKind } from './catalogue-form';

// Static keys (docs/conventions.md: a script checks that every language has them).

const tileTypeLabelKeys: Record<DashboardTileType, string> = {
  kpi: 'management.catalogue.tileType.kpi',
  line: 'management.catalogue.tileType.line',
  bar: 'management.catalogue.tileType.bar',
  table: 'management.catalogue.tileType.table',
};

const iconLabelKeys: Record<MenuIconName, string> = {
  'chart-bar': 'management.catalogue.icon.chart-bar',
  'chart-line': 'management.catalogue.icon.chart-line',
  'chart-pie': 'management.catalogue.icon.chart-pie',
  'chart-area': 'management.catalogue.icon.chart-area',
  report: 'management.catalogue.icon.report',
  table: 'management.catalogue.icon.table',
  users: 'management.catalogue.icon.users',
  'building-store': 'management.catalogue.icon.building-store',
  map: 'management.catalogue.icon.map',
  coin: 'management.catalogue.icon.coin',
  package: 'management.catalogue.icon.package',
  truck: 'management.catalogue.icon.truck',
  calendar: 'management.catalogue.icon.calendar',
  'file-text': 'management.catalogue.icon.file-text',
  'external-link': 'management.catalogue.icon.external-link',
  'layout-dashboard': 'management.catalogue.icon.layout-dashboard',
  target: 'management.catalogue.icon.target',
  'trending-up': 'management.catalogue.icon.trending-up',
  receipt: 'management.catalogue.icon.receipt',
  world: 'management.catalogue.icon.world',
};

const kindLabelKeys: Record<ItemKind, string> = {
  query: 'management.catalogue.kind.query',
  embedded: 'management.catalogue.kind.embedded',
  external: 'management.catalogue.kind.external',
  none: 'management.catalogue.kind.none',
};

/** The reports page's own period names. */
export const rangeLabel = (t: TFunction, range: DateRangePreset) => t(dateRangePresetLabelKeys[range]);
export const tileTypeLabel = (t: TFunction, type: DashboardTileType) => t(tileTypeLabelKeys[type]);
export const iconLabel = (t: TFunction, icon: MenuIconName) => t(iconLabelKeys[icon]);
export const kindLabel = (t: TFunction, kind: ItemKind) => t(kindLabelKeys[kind]);
export const objectLabel = (t: TFunction, object: CatalogueObjectKind) => t(catalogueObjectLabelKeys[object]);
export const changeLabel = (t: TFunction, change: CatalogueChange['change']) =>
  t(catalogueChangeLabelKeys[change]);

export const rangeOptions = (t: TFunction) =>
  dateRangePresets.map((value) => ({ value, label: rangeLabel(t, value) }));
export const tileTypeOptions = (t: TFunction) =>
  dashboardTileTypes.map((value) => ({ value, label: tileTypeLabel(t, value) }));
export const iconOptions = (t: TFunction) =>
  menuIconNames.map((value) => ({ value, label: iconLabel(t, value) }));

/** What a catalogue form shows for the server's refusals (lib/server-error). */
export const catalogueErrorTexts = {
  exists: 'management.catalogue.errors.exists',
  gone: 'management.catalogue.errors.gone',
  tooLarge: 'management.catalogue.errors.tooLarge',
};
