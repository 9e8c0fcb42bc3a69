import type {
  CatalogueDocument,
  CatalogueReportDefinition,
  DashboardGroupInput,
  DashboardInput,
  ItemInput,
  MenuGroupInput,
} from '@cockpit/contracts';
import { badRequest, conflict, notFound } from '../lib/http-error';

// Management's edits of one object, as changes of the catalogue document (decision 015: every write is a
// new document that goes through the same check and store as an import). Pure functions: they return a
// new document and never touch the one given.

/** `create`: the object must not exist yet; `update`: it must, under `name`. */
export type EditMode = { create: true } | { create: false; name: string };

/** Removes `entry` from `list` (if there) and puts it at `position` (absent: where it was, else last). */
function place<T>(
  list: T[],
  entry: T,
  matches: (candidate: T) => boolean,
  position: number | undefined,
): T[] {
  const index = list.findIndex(matches);
  const without = list.filter((candidate) => !matches(candidate));
  const at = Math.min(position ?? (index >= 0 ? index : without.length), without.length);
  return [...without.slice(0, at), entry, ...without.slice(at)];
}

function expectExisting(found: boolean, mode: EditMode, what: string, key: string): void {
  if (mode.create && found) throw conflict(`${what} '${key}' exists already`);
  if (!mode.create && !found) throw notFound(`No ${what.toLowerCase()} '${key}' exists`);
}

export function saveMenuGroup(
  document: CatalogueDocument,
  mode: EditMode,
  input: MenuGroupInput,
): CatalogueDocument {
  const { position, ...fields } = input;
  const key = mode.create ? fields.name : mode.name;
  if (!mode.create && fields.name !== mode.name)
    throw badRequest("Invalid body field 'name': a name cannot change");
  const existing = document.menu.find((group) => group.name === key);
  expectExisting(existing !== undefined, mode, 'The group', key);
  const group = { ...fields, items: existing?.items ?? [] };
  return { ...document, menu: place(document.menu, group, (candidate) => candidate.name === key, position) };
}

export function deleteMenuGroup(document: CatalogueDocument, name: string): CatalogueDocument {
  if (!document.menu.some((group) => group.name === name)) throw notFound(`No group '${name}' exists`);
  return { ...document, menu: document.menu.filter((group) => group.name !== name) };
}

export function saveItem(document: CatalogueDocument, mode: EditMode, input: ItemInput): CatalogueDocument {
  const { group: groupName, position, ...item } = input;
  const key = mode.create ? item.name : mode.name;
  if (!mode.create && item.name !== mode.name)
    throw badRequest("Invalid body field 'name': a name cannot change");
  const current = document.menu.find((group) => group.items.some((candidate) => candidate.name === key));
  expectExisting(current !== undefined, mode, 'The item', key);
  if (!document.menu.some((group) => group.name === groupName)) {
    throw badRequest(`Invalid body field 'group': no group '${groupName}' exists`);
  }
  return {
    ...document,
    menu: document.menu.map((group) => {
      const items = group.items.filter((candidate) => candidate.name !== key);
      if (group.name !== groupName) return items.length === group.items.length ? group : { ...group, items };
      // Same group and no position: the item keeps its place.
      const keepPlace = current?.name === groupName && position === undefined;
      return {
        ...group,
        items: keepPlace
          ? place(group.items, item, (c) => c.name === key, undefined)
          : place(items, item, () => false, position),
      };
    }),
  };
}

export function deleteItem(document: CatalogueDocument, name: string): CatalogueDocument {
  if (!document.menu.some((group) => group.items.some((item) => item.name === name))) {
    throw notFound(`No item '${name}' exists`);
  }
  return {
    ...document,
    menu: document.menu.map((group) => ({
      ...group,
      items: group.items.filter((item) => item.name !== name),
    })),
  };
}

export function saveDashboardGroup(
  document: CatalogueDocument,
  mode: EditMode,
  input: DashboardGroupInput,
): CatalogueDocument {
  const { position, ...fields } = input;
  const key = mode.create ? fields.name : mode.name;
  if (!mode.create && fields.name !== mode.name)
    throw badRequest("Invalid body field 'name': a name cannot change");
  const existing = document.dashboards.find((group) => group.name === key);
  expectExisting(existing !== undefined, mode, 'The dashboard group', key);
  const group = { ...fields, dashboards: existing?.dashboards ?? [] };
  return {
    ...document,
    dashboards: place(document.dashboards, group, (candidate) => candidate.name === key, position),
  };
}

export function deleteDashboardGroup(document: CatalogueDocument, name: string): CatalogueDocument {
  if (!document.dashboards.some((group) => group.name === name))
    throw notFound(`No dashboard group '${name}' exists`);
  return { ...document, dashboards: document.dashboards.filter((group) => group.name !== name) };
}

export function saveDashboard(
  document: CatalogueDocument,
  mode: EditMode,
  input: DashboardInput,
): CatalogueDocument {
  const { group: groupName, position, ...dashboard } = input;
  const key = mode.create ? String(dashboard.layoutId) : mode.name;
  if (!mode.create && String(dashboard.layoutId) !== mode.name) {
    throw badRequest("Invalid body field 'layoutId': a layout id cannot change");
  }
  const current = document.dashboards.find((group) =>
    group.dashboards.some((candidate) => String(candidate.layoutId) === key),
  );
  expectExisting(current !== undefined, mode, 'The dashboard', key);
  if (!document.dashboards.some((group) => group.name === groupName)) {
    throw badRequest(`Invalid body field 'group': no dashboard group '${groupName}' exists`);
  }
  const matches = (candidate: { layoutId: number }) => String(candidate.layoutId) === key;
  return {
    ...document,
    dashboards: document.dashboards.map((group) => {
      const rest = group.dashboards.filter((candidate) => !matches(candidate));
      if (group.name !== groupName)
        return rest.length === group.dashboards.length ? group : { ...group, dashboards: rest };
      const keepPlace = current?.name === groupName && position === undefined;
      return {
        ...group,
        dashboards: keepPlace
          ? place(group.dashboards, dashboard, matches, undefined)
          : place(rest, dashboard, () => false, position),
      };
    }),
  };
}

export function deleteDashboard(document: CatalogueDocument, layoutId: number): CatalogueDocument {
  if (
    !document.dashboards.some((group) =>
      group.dashboards.some((dashboard) => dashboard.layoutId === layoutId),
    )
  ) {
    throw notFound(`No dashboard with layout id ${layoutId} exists`);
  }
  return {
    ...document,
    dashboards: document.dashboards.map((group) => ({
      ...group,
      dashboards: group.dashboards.filter((dashboard) => dashboard.layoutId !== layoutId),
    })),
  };
}

/** A report definition (decision 027): its name cannot change; its data source must exist (the check says). */
export function saveDefinition(
  document: CatalogueDocument,
  mode: EditMode,
  definition: CatalogueReportDefinition,
): CatalogueDocument {
  const key = mode.create ? definition.name : mode.name;
  if (!mode.create && definition.name !== mode.name)
    throw badRequest("Invalid body field 'name': a name cannot change");
  const definitions = document.definitions ?? [];
  const existing = definitions.some((candidate) => candidate.name === key);
  expectExisting(existing, mode, 'The report definition', key);
  return {
    ...document,
    definitions: place(definitions, definition, (candidate) => candidate.name === key, undefined),
  };
}

/** Removes a report definition; refused (409) while a report item or a tile uses it. */
export function deleteDefinition(document: CatalogueDocument, name: string): CatalogueDocument {
  const definitions = document.definitions ?? [];
  if (!definitions.some((definition) => definition.name === name))
    throw notFound(`No report definition '${name}' exists`);
  const item = document.menu
    .flatMap((group) => group.items)
    .find((candidate) => candidate.report?.kind === 'query' && candidate.report.definition === name);
  const dashboard = document.dashboards
    .flatMap((group) => group.dashboards)
    .find((candidate) => candidate.tiles.some((tile) => tile.definition === name));
  if (item) throw conflict(`The report '${item.name}' shows the report definition '${name}'`);
  if (dashboard)
    throw conflict(`A tile of dashboard ${dashboard.layoutId} shows the report definition '${name}'`);
  return { ...document, definitions: definitions.filter((definition) => definition.name !== name) };
}
