import {
  type DataSourceConnection,
  type DataSourceKind,
  type LocalisedText,
  dataSourceConnectionSchema,
  dataSourceIdentityFields,
  dataSourceKindSchema,
  dataSourceTlsWeakened,
} from '@cockpit/contracts';

// The rules of a data source that do not need the database (docs/decisions/027-reports-over-own-data.md),
// shared by management's routes and the catalogue document.

/** The one source of uploaded tables every organisation has, and the name no database source may take. */
export const uploadsSourceName = 'uploads';

/** Its title until an administrator changes it. */
export const uploadsSourceTitle: LocalisedText = { en: 'Uploaded tables', de: 'Hochgeladene Tabellen' };

/** A stored connection as the contracts shape it (defaults filled in); `null` for uploads or a broken row. */
export function storedConnection(stored: unknown): DataSourceConnection | null {
  if (stored === null || stored === undefined) return null;
  const parsed = dataSourceConnectionSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** A stored kind; an unknown one (the table's check makes it impossible) reads as uploads, which never connect. */
export function storedKind(stored: string): DataSourceKind {
  return dataSourceKindSchema.catch('uploads').parse(stored);
}

interface Endpoint {
  kind: DataSourceKind;
  connection: DataSourceConnection | null;
}

/**
 * Whether a change points the source at another server, database or account (or another kind of
 * database), or weakens its TLS: its password must not follow there, so it is asked for again.
 */
export function identityChanged(before: Endpoint, after: Endpoint): boolean {
  if (before.kind !== after.kind) return true;
  if (!before.connection || !after.connection) return before.connection !== after.connection;
  return (
    dataSourceIdentityFields.some((field) => before.connection![field] !== after.connection![field]) ||
    dataSourceTlsWeakened(before.connection, after.connection)
  );
}

/** Field by field, whatever order the stored JSON has its keys in. */
export function sameConnection(a: DataSourceConnection | null, b: DataSourceConnection | null): boolean {
  if (!a || !b) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DataSourceConnection>;
  return [...keys].every((key) => a[key] === b[key]);
}

export const titleColumnsOf = (title: LocalisedText) => ({
  titleEn: title.en,
  titleDe: title.de ?? null,
  titleDeAt: title.deAt ?? null,
});

export const titleOf = (row: {
  titleEn: string;
  titleDe: string | null;
  titleDeAt: string | null;
}): LocalisedText => ({
  en: row.titleEn,
  ...(row.titleDe ? { de: row.titleDe } : {}),
  ...(row.titleDeAt ? { deAt: row.titleDeAt } : {}),
});

/**
 * Why a source's name and kind do not go together, naming the field: `uploads` is the uploaded tables and
 * nothing else, and uploaded tables have no connection; a database needs one. `null` when they fit.
 */
export function kindProblem(source: {
  name: string;
  kind: DataSourceKind;
  connection?: DataSourceConnection | null | undefined;
}): { field: 'name' | 'kind' | 'connection'; message: string } | null {
  if (source.kind === 'uploads') {
    if (source.name !== uploadsSourceName) {
      return { field: 'name', message: `the uploaded tables are the data source '${uploadsSourceName}'` };
    }
    if (source.connection) return { field: 'connection', message: 'uploaded tables have no connection' };
    return null;
  }
  if (source.name === uploadsSourceName) {
    return { field: 'name', message: `'${uploadsSourceName}' is the name of the uploaded tables` };
  }
  if (!source.connection) return { field: 'connection', message: 'is required for a database' };
  return null;
}
