import type { DataSourceKind, DataSourceTls } from '@cockpit/contracts';

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

/** What a data source form shows for the server's refusals (lib/server-error). */
export const dataSourceErrorTexts = {
  exists: 'management.data.errors.exists',
  gone: 'management.data.errors.gone',
  unavailable: 'management.data.errors.unavailable',
};
