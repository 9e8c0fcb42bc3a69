import type { LocalisedValues } from '../../../components/ui/localised-inputs';
import {
  catalogueTextIn,
  type Audience,
  type CatalogueDashboard,
  type CatalogueDocument,
  type CatalogueItem,
  type CatalogueTile,
  type DashboardInput,
  type DashboardTileType,
  type ItemInput,
  type LocalisedText,
  type MenuGroupInput,
  type MenuIconName,
  type RoleKey,
  type Subscription,
  type UiLanguageName,
  type ParameterValues,
} from '@cockpit/contracts';
import {
  newParameterFormOf,
  parameterBodyOf,
  parameterFormOf,
  type ParameterFormValues,
} from '../../../components/parameters/parameter-form';

// The management forms of the catalogue (decision 015): what a dialog edits, and how it becomes the
// contracts' input. The contracts' schemas check the result, so the rules exist once.

/** A text in every UI language as the form edits it: empty strings, not absent fields. */
export type { LocalisedValues } from '../../../components/ui/localised-inputs';

export const emptyLocalised: LocalisedValues = { en: '', de: '', deAt: '' };

export function localisedValues(text: LocalisedText | undefined): LocalisedValues {
  return { en: text?.en ?? '', de: text?.de ?? '', deAt: text?.deAt ?? '' };
}

/** Empty languages are left out: German falls back to English, Austrian to German (docs/product.md §9). */
export function localisedText(values: LocalisedValues): LocalisedText {
  const de = values.de.trim();
  const deAt = values.deAt.trim();
  return { en: values.en.trim(), ...(de ? { de } : {}), ...(deAt ? { deAt } : {}) };
}

/** An optional text (sub-titles): absent when every language is empty. */
export function optionalLocalisedText(values: LocalisedValues): LocalisedText | undefined {
  return values.en.trim() || values.de.trim() || values.deAt.trim() ? localisedText(values) : undefined;
}

/** A catalogue text in the UI language, by the contracts' rule the server applies too (docs/product.md §9). */
export function textIn(text: LocalisedText, language: UiLanguageName): string {
  return catalogueTextIn(text, language);
}

export type AudienceValues = { roles: RoleKey[]; subscriptions: Subscription[] };

export function audienceValues(audience: Audience | undefined): AudienceValues {
  return { roles: [...(audience?.roles ?? [])], subscriptions: [...(audience?.subscriptions ?? [])] };
}

/** Nothing chosen: everyone in the organisation (the audience is left out). */
export function audienceOf(values: AudienceValues): Audience | undefined {
  if (values.roles.length === 0 && values.subscriptions.length === 0) return undefined;
  return {
    ...(values.roles.length > 0 ? { roles: values.roles } : {}),
    ...(values.subscriptions.length > 0 ? { subscriptions: values.subscriptions } : {}),
  };
}

/**
 * A proposed name for a new object from its English title: lower-case ASCII letters, digits and dashes
 * (`Umsatz nach Region` → `umsatz-nach-region`), as the names in URLs and pins must be.
 */
export function proposeName(title: string): string {
  return title
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/g, '');
}

// ---------------------------------------------------------------- groups

export type GroupFormValues = {
  name: string;
  title: LocalisedValues;
  icon: MenuIconName | null;
  audience: AudienceValues;
};

export const emptyGroupForm: GroupFormValues = {
  name: '',
  title: emptyLocalised,
  icon: null,
  audience: { roles: [], subscriptions: [] },
};

export function groupFormValues(group: {
  name: string;
  title: LocalisedText;
  icon?: MenuIconName;
  audience?: Audience;
}): GroupFormValues {
  return {
    name: group.name,
    title: localisedValues(group.title),
    icon: group.icon ?? null,
    audience: audienceValues(group.audience),
  };
}

/** The body of `POST`/`PUT …/menu-groups` and `…/dashboard-groups` (the same shape). */
export function groupInput(values: GroupFormValues, position?: number): MenuGroupInput {
  const audience = audienceOf(values.audience);
  return {
    name: values.name.trim(),
    title: localisedText(values.title),
    ...(values.icon ? { icon: values.icon } : {}),
    ...(audience ? { audience } : {}),
    ...(position !== undefined ? { position } : {}),
  };
}

// ---------------------------------------------------------------- items

export const itemKinds = ['query', 'embedded', 'external', 'none'] as const;
export type ItemKind = (typeof itemKinds)[number];

export type ItemFormValues = {
  name: string;
  group: string;
  title: LocalisedValues;
  subTitle: LocalisedValues;
  icon: MenuIconName | null;
  leaveTitleUntranslated: boolean;
  featured: boolean;
  audience: AudienceValues;
  kind: ItemKind;
  /** Query reports: the report definition (decision 027) and the values it opens with. */
  definition: string;
  definitionValues: ParameterValues;
  frameUrl: string;
  url: string;
};

export function emptyItemForm(group: string): ItemFormValues {
  return {
    name: '',
    group,
    title: emptyLocalised,
    subTitle: emptyLocalised,
    icon: null,
    leaveTitleUntranslated: false,
    featured: false,
    audience: { roles: [], subscriptions: [] },
    kind: 'query',
    definition: '',
    definitionValues: {},
    frameUrl: '',
    url: '',
  };
}

export function itemFormValues(item: CatalogueItem, group: string): ItemFormValues {
  const report = item.report;
  return {
    ...emptyItemForm(group),
    name: item.name,
    title: localisedValues(item.title),
    subTitle: localisedValues(item.subTitle),
    icon: item.icon ?? null,
    leaveTitleUntranslated: item.leaveTitleUntranslated ?? false,
    featured: item.featured ?? false,
    audience: audienceValues(item.audience),
    kind: report?.kind ?? 'none',
    ...(report?.kind === 'query'
      ? { definition: report.definition, definitionValues: report.values ?? {} }
      : {}),
    ...(report?.kind === 'embedded' ? { frameUrl: report.frameUrl } : {}),
    ...(report?.kind === 'external' ? { url: report.url } : {}),
  };
}

/** The report an item opens; only the chosen kind's fields are sent. */
function reportOf(values: ItemFormValues): CatalogueItem['report'] {
  switch (values.kind) {
    case 'query':
      return {
        kind: 'query',
        definition: values.definition,
        ...(Object.keys(values.definitionValues).length > 0 ? { values: values.definitionValues } : {}),
      };
    case 'embedded':
      return { kind: 'embedded', frameUrl: values.frameUrl.trim() };
    case 'external':
      return { kind: 'external', url: values.url.trim() };
    case 'none':
      return undefined;
  }
}

/** The body of `POST`/`PUT …/items`. */
export function itemInput(values: ItemFormValues, position?: number): ItemInput {
  const subTitle = optionalLocalisedText(values.subTitle);
  const audience = audienceOf(values.audience);
  const report = reportOf(values);
  return {
    name: values.name.trim(),
    group: values.group,
    title: localisedText(values.title),
    ...(subTitle ? { subTitle } : {}),
    ...(values.icon ? { icon: values.icon } : {}),
    ...(values.leaveTitleUntranslated ? { leaveTitleUntranslated: true } : {}),
    ...(values.featured ? { featured: true } : {}),
    ...(audience ? { audience } : {}),
    ...(report ? { report } : {}),
    ...(position !== undefined ? { position } : {}),
  };
}

/** An item of the document as the body that moves it (`group`, `position`), everything else unchanged. */
export function itemMoveInput(item: CatalogueItem, group: string, position: number): ItemInput {
  return { ...item, group, position };
}

/**
 * The URL a frame preview may load, or null: a same-origin path or an https URL (the server decides
 * whether that origin is on REPORT_FRAME_ORIGINS). `{lang}` becomes the UI language, as on the report
 * page.
 */
export function framePreviewUrl(frameUrl: string, language: string): string | null {
  const url = frameUrl.trim().replaceAll('{lang}', encodeURIComponent(language));
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- dashboards

export type TileFormValues = {
  /** A key for the list only (new tiles have no id yet). */
  key: string;
  id?: string;
  type: DashboardTileType;
  /** The report definition, its visual and values (decision 027); `null` until a definition is chosen. */
  definitionTile: Pick<CatalogueTile, 'definition' | 'visual' | 'values'> | null;
  width: number;
  title: LocalisedValues;
};

/** A parameter of the dashboard itself (decision 027): its tiles' parameters of the same name follow it. */
export type DashboardParameterFormValues = {
  /** A key for the list only: the name changes while it is typed. */
  key: string;
  name: string;
  form: ParameterFormValues;
};

export type DashboardFormValues = {
  layoutId: string;
  group: string;
  title: LocalisedValues;
  subTitle: LocalisedValues;
  featured: boolean;
  audience: AudienceValues;
  parameters: DashboardParameterFormValues[];
  tiles: TileFormValues[];
};

let tileKeys = 0;
const nextTileKey = () => `tile-${++tileKeys}`;

export function newTile(): TileFormValues {
  return {
    key: nextTileKey(),
    type: 'kpi',
    definitionTile: null,
    width: 6,
    title: emptyLocalised,
  };
}

/** A new dashboard parameter: a date range, the usual first one; its name is typed next. */
export function newDashboardParameter(): DashboardParameterFormValues {
  return { key: nextTileKey(), name: '', form: newParameterFormOf('', 'date-range') };
}

export function tileFormValues(tile: CatalogueTile): TileFormValues {
  return {
    key: nextTileKey(),
    ...(tile.id ? { id: tile.id } : {}),
    type: tile.type,
    definitionTile: { definition: tile.definition, visual: tile.visual, values: tile.values },
    width: tile.width,
    title: localisedValues(tile.title),
  };
}

/** The next free layout id: one more than the largest in the catalogue (docs/product.md §3: numeric layout ids). */
export function proposeLayoutId(document: CatalogueDocument): number {
  const ids = document.dashboards.flatMap((group) => group.dashboards.map((dashboard) => dashboard.layoutId));
  return ids.length === 0 ? 1 : Math.max(...ids) + 1;
}

export function emptyDashboardForm(group: string, layoutId: number): DashboardFormValues {
  return {
    layoutId: String(layoutId),
    group,
    title: emptyLocalised,
    subTitle: emptyLocalised,
    featured: false,
    audience: { roles: [], subscriptions: [] },
    parameters: [],
    tiles: [],
  };
}

export function dashboardFormValues(dashboard: CatalogueDashboard, group: string): DashboardFormValues {
  return {
    layoutId: String(dashboard.layoutId),
    group,
    title: localisedValues(dashboard.title),
    subTitle: localisedValues(dashboard.subTitle),
    featured: dashboard.featured ?? false,
    audience: audienceValues(dashboard.audience),
    parameters: (dashboard.parameters ?? []).map((parameter) => ({
      key: nextTileKey(),
      name: parameter.name,
      form: parameterFormOf(parameter),
    })),
    tiles: dashboard.tiles.map(tileFormValues),
  };
}

/** A tile without a definition yet is sent with an empty one: the check names the field to fill in. */
function tileInput(tile: TileFormValues): CatalogueTile {
  return {
    ...(tile.id ? { id: tile.id } : {}),
    type: tile.type,
    definition: '',
    ...tile.definitionTile,
    title: localisedText(tile.title),
    width: tile.width,
  };
}

/** The body of `POST`/`PUT …/dashboards`. A layout id that is not a whole number is sent as NaN and fails the check. */
export function dashboardInput(values: DashboardFormValues, position?: number): DashboardInput {
  const subTitle = optionalLocalisedText(values.subTitle);
  const audience = audienceOf(values.audience);
  const layoutId = /^\d+$/.test(values.layoutId.trim()) ? Number(values.layoutId.trim()) : Number.NaN;
  return {
    layoutId,
    group: values.group,
    title: localisedText(values.title),
    ...(subTitle ? { subTitle } : {}),
    ...(values.featured ? { featured: true } : {}),
    ...(audience ? { audience } : {}),
    ...(values.parameters.length > 0
      ? {
          parameters: values.parameters.map((parameter) =>
            parameterBodyOf(parameter.name.trim(), parameter.form),
          ),
        }
      : {}),
    tiles: values.tiles.map(tileInput),
    ...(position !== undefined ? { position } : {}),
  };
}

export function dashboardMoveInput(
  dashboard: CatalogueDashboard,
  group: string,
  position: number,
): DashboardInput {
  return { ...dashboard, group, position };
}

/** Moves the entry at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveInList<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

// ---------------------------------------------------------------- export

/** `catalogue-2025-03-01.json`: the export's file name, by the local date. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `catalogue-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
