// pg-cursor ships no types: the part the PostgreSQL driver uses (reports/executor/postgres-driver.ts).
declare module 'pg-cursor' {
  import type { Submittable } from 'pg';

  interface CursorConfig {
    rowMode?: 'array';
    types?: { getTypeParser: (oid: number, format?: string) => (value: string) => unknown };
  }

  export default class Cursor implements Submittable {
    constructor(text: string, values?: unknown[], config?: CursorConfig);
    submit: Submittable['submit'];
    read(rows: number): Promise<unknown[][]>;
    close(): Promise<void>;
    /** Filled once the row description arrived (after the first read). */
    _result: { fields: { name: string; dataTypeID: number }[] };
  }
}
