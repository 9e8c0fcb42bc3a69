import { describe, expect, it } from 'vitest';
import type { ManagedDataSource } from '@cockpit/contracts';
import { invalidFields } from '../../../lib/form-check';
import {
  dataSourceBodyOf,
  dataSourceFormCheck,
  dataSourceFormOf,
  emptyDataSourceForm,
  passwordRequired,
  withKind,
} from './data-source-form';

// The data source form (decision 027): defaults, the port that follows the kind, and the rule that a
// changed host, port, database or user needs the password again, and so does weaker TLS (decision 041).

const stored: ManagedDataSource = {
  name: 'warehouse',
  title: { en: 'Warehouse' },
  kind: 'postgres',
  connection: {
    host: 'db.example.com',
    port: 5432,
    database: 'sales',
    user: 'reader',
    tls: 'require',
    poolSize: 5,
    statementTimeoutSeconds: 30,
    rowLimit: 100_000,
  },
  needsPassword: false,
  definitions: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('data source form', () => {
  it('starts with the documented defaults', () => {
    const values = emptyDataSourceForm();
    expect(values).toMatchObject({
      kind: 'postgres',
      port: 5432,
      tls: 'off',
      poolSize: 5,
      statementTimeoutSeconds: 30,
      rowLimit: 100_000,
    });
  });

  it('switches the usual port with the kind, but keeps a port typed by hand', () => {
    expect(withKind(emptyDataSourceForm(), 'mysql').port).toBe(3306);
    expect(withKind({ ...emptyDataSourceForm(), port: 3306 }, 'postgres').port).toBe(5432);
    expect(withKind({ ...emptyDataSourceForm(), port: 6543 }, 'mysql').port).toBe(6543);
  });

  it('needs the password for a new source, keeps it while the identity stays, asks again when it changes', () => {
    const unchanged = dataSourceFormOf(stored);
    expect(passwordRequired(emptyDataSourceForm(), null)).toBe(true);
    expect(passwordRequired(unchanged, stored)).toBe(false);
    expect(passwordRequired({ ...unchanged, rowLimit: 500 }, stored)).toBe(false);
    expect(passwordRequired({ ...unchanged, host: 'other.example.com' }, stored)).toBe(true);
    expect(passwordRequired({ ...unchanged, port: 5433 }, stored)).toBe(true);
    expect(passwordRequired({ ...unchanged, database: 'hr' }, stored)).toBe(true);
    expect(passwordRequired({ ...unchanged, user: 'admin' }, stored)).toBe(true);
    expect(passwordRequired(unchanged, { ...stored, needsPassword: true })).toBe(true);
  });

  it('asks for the password again when TLS gets weaker or its CA changes, not when it gets stronger', () => {
    const ca = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;
    const verified: ManagedDataSource = {
      ...stored,
      connection: { ...stored.connection!, tls: 'verify', caCertificate: ca('a') },
    };
    const unchanged = dataSourceFormOf(verified);
    expect(passwordRequired(unchanged, verified)).toBe(false);
    expect(passwordRequired({ ...unchanged, tls: 'require' }, verified)).toBe(true);
    expect(passwordRequired({ ...unchanged, tls: 'off' }, verified)).toBe(true);
    expect(passwordRequired({ ...unchanged, caCertificate: ca('b') }, verified)).toBe(true);
    expect(passwordRequired({ ...dataSourceFormOf(stored), tls: 'off' }, stored)).toBe(true);
    expect(
      passwordRequired({ ...dataSourceFormOf(stored), tls: 'verify', caCertificate: ca('a') }, stored),
    ).toBe(false);
  });

  it('leaves an empty password out of the body (keep the stored one)', () => {
    const body = dataSourceBodyOf(dataSourceFormOf(stored));
    expect(body).not.toHaveProperty('password', expect.anything());
    expect(body.connection).toMatchObject({ host: 'db.example.com', port: 5432, tls: 'require' });
    expect(dataSourceBodyOf({ ...dataSourceFormOf(stored), password: 's3cret' }).password).toBe('s3cret');
  });

  it('marks the fields the server would refuse, and the missing password', () => {
    const check = dataSourceFormCheck(null);
    expect(invalidFields(check, emptyDataSourceForm())).toEqual(
      new Set(['name', 'title.en', 'connection.host', 'connection.database', 'connection.user', 'password']),
    );
    const filled = {
      ...emptyDataSourceForm(),
      name: 'warehouse',
      title: { en: 'Warehouse', de: '', deAt: '' },
      host: 'db.example.com',
      database: 'sales',
      user: 'reader',
      password: 'pw',
    };
    expect(invalidFields(check, filled)).toEqual(new Set());
    expect(invalidFields(check, { ...filled, tls: 'verify' })).toEqual(new Set(['connection.caCertificate']));
    expect(invalidFields(dataSourceFormCheck(stored), dataSourceFormOf(stored))).toEqual(new Set());
  });
});
