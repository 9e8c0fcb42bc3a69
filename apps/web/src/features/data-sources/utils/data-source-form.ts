import {
  dataSourceBodySchema,
  dataSourceDefaults,
  dataSourceIdentityFields,
  dataSourceTlsWeakened,
  type DataSourceBody,
  type DataSourceKind,
  type DataSourceTls,
  type ManagedDataSource,
} from '@cockpit/contracts';
import type { LocalisedValues } from '../../../components/ui/localised-inputs';
import type { IssueSource } from '../../../lib/form-check';

/** The ports each database listens on unless told otherwise. */
export const defaultPorts: Record<Exclude<DataSourceKind, 'uploads'>, number> = {
  postgres: 5432,
  mysql: 3306,
};

/** What the data source form edits: every field as the inputs hold it. */
export type DataSourceFormValues = {
  name: string;
  title: LocalisedValues;
  kind: DataSourceKind;
  host: string;
  port: number | '';
  database: string;
  user: string;
  /** Write-only: never filled from the server. */
  password: string;
  tls: DataSourceTls;
  caCertificate: string;
  poolSize: number | '';
  statementTimeoutSeconds: number | '';
  rowLimit: number | '';
};

export function emptyDataSourceForm(): DataSourceFormValues {
  return {
    name: '',
    title: { en: '', de: '', deAt: '' },
    kind: 'postgres',
    host: '',
    port: defaultPorts.postgres,
    database: '',
    user: '',
    password: '',
    tls: 'off',
    caCertificate: '',
    poolSize: dataSourceDefaults.poolSize,
    statementTimeoutSeconds: dataSourceDefaults.statementTimeoutSeconds,
    rowLimit: dataSourceDefaults.rowLimit,
  };
}

export function dataSourceFormOf(source: ManagedDataSource): DataSourceFormValues {
  const empty = emptyDataSourceForm();
  const connection = source.connection;
  return {
    ...empty,
    name: source.name,
    title: { en: source.title.en, de: source.title.de ?? '', deAt: source.title.deAt ?? '' },
    kind: source.kind,
    ...(connection && {
      host: connection.host,
      port: connection.port,
      database: connection.database,
      user: connection.user,
      tls: connection.tls,
      caCertificate: connection.caCertificate ?? '',
      poolSize: connection.poolSize,
      statementTimeoutSeconds: connection.statementTimeoutSeconds,
      rowLimit: connection.rowLimit,
    }),
  };
}

/** Another kind of database: its usual port replaces the other's (a port typed by hand stays). */
export function withKind(values: DataSourceFormValues, kind: DataSourceKind): DataSourceFormValues {
  const usualPorts: (number | '')[] = ['', ...Object.values(defaultPorts)];
  const port = kind !== 'uploads' && usualPorts.includes(values.port) ? defaultPorts[kind] : values.port;
  return { ...values, kind, port };
}

/** Host, port, database or user differ from the stored source: the password must follow (decision 027). */
export function identityChanged(values: DataSourceFormValues, original: ManagedDataSource | null): boolean {
  const connection = original?.connection;
  if (!connection) return true;
  return dataSourceIdentityFields.some((field) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() !== connection[field] : value !== connection[field];
  });
}

/** TLS weaker than stored, or another CA to verify against: the password must follow (decision 041). */
export function tlsWeakened(values: DataSourceFormValues, original: ManagedDataSource | null): boolean {
  const connection = original?.connection;
  if (!connection) return false;
  return dataSourceTlsWeakened(connection, { tls: values.tls, caCertificate: values.caCertificate });
}

/** Whether the form must carry a password: a new database, a changed identity or weaker TLS, or none stored yet. */
export function passwordRequired(values: DataSourceFormValues, original: ManagedDataSource | null): boolean {
  if (values.kind === 'uploads') return false;
  if (!original || original.kind === 'uploads' || original.needsPassword) return true;
  return identityChanged(values, original) || tlsWeakened(values, original);
}

const orZero = (value: number | '') => (value === '' ? Number.NaN : value);
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The body the server takes; an empty password is left out (keep the stored one). */
export function dataSourceBodyOf(values: DataSourceFormValues): DataSourceBody {
  const title = {
    en: values.title.en.trim(),
    de: optional(values.title.de),
    deAt: optional(values.title.deAt),
  };
  const base = { name: values.name.trim(), title, kind: values.kind };
  if (values.kind === 'uploads') return base;
  return {
    ...base,
    connection: {
      host: values.host.trim(),
      port: orZero(values.port),
      database: values.database.trim(),
      user: values.user.trim(),
      tls: values.tls,
      caCertificate: values.tls === 'verify' ? optional(values.caCertificate) : undefined,
      poolSize: orZero(values.poolSize),
      statementTimeoutSeconds: orZero(values.statementTimeoutSeconds),
      rowLimit: orZero(values.rowLimit),
    },
    password: values.password === '' ? undefined : values.password,
  };
}

/**
 * The form's check: the contracts schema of the body (the rules exist once), plus the password rule the
 * server applies with the stored source (`password` is marked when it is required and empty).
 */
export function dataSourceFormCheck(original: ManagedDataSource | null): IssueSource {
  return {
    safeParse(value: unknown) {
      const values = value as DataSourceFormValues;
      const result = dataSourceBodySchema.safeParse(dataSourceBodyOf(values));
      const issues: { path: readonly PropertyKey[] }[] = result.success ? [] : [...result.error.issues];
      if (passwordRequired(values, original) && values.password === '') issues.push({ path: ['password'] });
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}
