import { dataSourceDefaults } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import type { ExecutorSource } from '../executor-types';
import { rowLimitOf } from './limit-step';

const source = (rowLimit: number | null): ExecutorSource => ({
  id: 's',
  organisationId: 'o',
  name: 'warehouse',
  kind: rowLimit === null ? 'uploads' : 'postgres',
  version: 1,
  connection:
    rowLimit === null
      ? null
      : {
          host: 'db',
          port: 5432,
          database: 'd',
          user: 'u',
          tls: 'off',
          poolSize: 1,
          statementTimeoutSeconds: 1,
          rowLimit,
        },
  password: null,
});

describe('the row limit of a run', () => {
  it("is the source's limit for every output, a caller may ask for fewer, never more", () => {
    expect(rowLimitOf(source(3), undefined)).toBe(3);
    expect(rowLimitOf(source(3), 1_000_000)).toBe(3);
    expect(rowLimitOf(source(300), 200)).toBe(200);
    expect(rowLimitOf(source(300), 0)).toBe(1);
    // Uploaded tables have no connection settings: the default limit.
    expect(rowLimitOf(source(null), undefined)).toBe(dataSourceDefaults.rowLimit);
  });
});
