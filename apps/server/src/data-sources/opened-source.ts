import type { DataSourceConnection, DataSourceKind } from '@cockpit/contracts';
import type { DataSourcePasswords } from './data-source-passwords';
import { storedConnection, storedKind } from './data-source-rules';
import type { DataSourceRow } from './data-sources-repository';

/** A stored data source as the executor connects to it (decision 027): its password opened for this run. */
export interface OpenedSource {
  id: string;
  organisationId: string;
  name: string;
  kind: DataSourceKind;
  /** Bumped on every change of the source or an upload: the executor's pools and cache keys follow it. */
  version: number;
  /** `null` for the uploaded tables: they live in the cockpit's own database. */
  connection: DataSourceConnection | null;
  /** Opened for this call only, never logged; `null` for the uploaded tables, and when the sealed password does not open. */
  password: string | null;
}

/** One rule for the run path and Management → Data's test: row → source, password opened. */
export function openedSource(row: DataSourceRow, passwords: DataSourcePasswords): OpenedSource {
  const kind = storedKind(row.kind);
  const uploads = kind === 'uploads';
  return {
    id: row.id,
    organisationId: row.organisationId,
    name: row.name,
    kind,
    version: row.version,
    connection: uploads ? null : storedConnection(row.connection),
    password:
      uploads || row.passwordSealed === null
        ? null
        : passwords.open(row.passwordSealed, { organisationId: row.organisationId, sourceId: row.id }),
  };
}
