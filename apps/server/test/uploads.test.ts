import {
  apiRoutes,
  pathOf,
  uploadErrorSchema,
  uploadPreviewResponseSchema,
  uploadResultSchema,
  uploadTableNameSchema,
  uploadedTablesResponseSchema,
  type UploadOptions,
  type UploadPreviewResponse,
} from '@cockpit/contracts';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSources, user } from '../src/db/core-tables';
import { managementActivity } from '../src/activity';
import { uploadsSchemaName } from '../src/data-sources';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';

// Uploaded tables (decision 027): CSV and XLSX files previewed, typed and imported into the organisation's
// own schema of the cockpit's database, streamed and in one transaction.

const source = 'uploads';
const previewPath = pathOf(apiRoutes.previewUpload, { name: source });
const uploadPath = pathOf(apiRoutes.uploadTable, { name: source });
const tablesPath = pathOf(apiRoutes.listUploadedTables, { name: source });
const tablePath = (table: string) => pathOf(apiRoutes.removeUploadedTable, { name: source, table });

type Fields = Record<string, string>;

/** A multipart body as a browser's FormData sends it: the fields first, then the file. */
async function multipart(fields: Fields, file?: { name: string; content: Buffer | string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function xlsx(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Piece = string | Buffer;

/**
 * A ZIP archive of parts given piece by piece, each deflated as it comes: a part of 500 MB is never whole
 * in memory, only its few hundred KB compressed.
 */
async function zipOf(parts: Array<{ name: string; pieces: Iterable<Piece> }>): Promise<Buffer> {
  const files: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const deflate = createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const ended = once(deflate, 'end');
    let crc = 0;
    let size = 0;
    for (const piece of part.pieces) {
      const bytes = Buffer.from(piece);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(compressed);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0x21, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    files.push(header, name, data);
    directory.push(entry, name);
    offset += header.length + name.length + data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...files, central, end]);
}

/** The XML of a minimal XLSX with one sheet; `sheetData` and `sharedStrings` as pieces, in the order given. */
function xlsxParts({
  sheet,
  sharedStrings,
  sharedStringsFirst = false,
}: {
  sheet: Iterable<Piece>;
  sharedStrings?: Iterable<Piece>;
  sharedStringsFirst?: boolean;
}) {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts = [
    {
      name: '[Content_Types].xml',
      pieces: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/></Types>',
      ],
    },
    {
      name: '_rels/.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relations}">` +
          '<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${relations}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
    },
  ];
  const sheetPart = {
    name: 'xl/worksheets/sheet1.xml',
    pieces: (function* () {
      yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>`;
      yield* sheet;
      yield '</sheetData></worksheet>';
    })(),
  };
  const stringsPart = {
    name: 'xl/sharedStrings.xml',
    pieces: (function* () {
      yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}">`;
      yield* sharedStrings ?? [];
      yield '</sst>';
    })(),
  };
  return sharedStringsFirst ? [...parts, stringsPart, sheetPart] : [...parts, sheetPart, stringsPart];
}

/** Text of random letters a–p: compresses about 2:1, so a long cell stays long inside a small file. */
function randomLetters(length: number): string {
  const letters = 'abcdefghijklmnop';
  let text = '';
  for (let index = 0; index < length; index += 1) text += letters[Math.floor(Math.random() * 16)];
  return text;
}

describe.each(testDrivers())('uploaded tables (%s)', (driver) => {
  let t: TestApp;
  let demoOrganisation: string;
  let beispielOrganisation: string;

  /** The rows of a statement (PGlite and node-postgres both answer `{ rows }`). */
  async function query<T>(statement: SQL): Promise<T[]> {
    return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  }

  async function organisationOf(email: string): Promise<string> {
    const [row] = await t.database.db
      .select({ id: user.organisationId })
      .from(user)
      .where(eq(user.email, email));
    return row!.id!;
  }

  /** Each organisation's `uploads` source (the data-sources feature creates it when first listed). */
  async function ensureSource(organisationId: string) {
    await t.database.db
      .insert(dataSources)
      .values({ organisationId, name: source, titleEn: 'Uploaded tables', kind: 'uploads' })
      .onConflictDoNothing();
  }

  async function send(
    as: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: Awaited<ReturnType<typeof multipart>>,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { ...(await t.bearer(as)), ...(body?.headers ?? {}) },
      ...(body ? { payload: body.payload } : {}),
    });
  }

  async function preview(
    content: Buffer | string,
    fields: Fields = {},
    name = 'data.csv',
    as: string = demoUsers.admin,
  ) {
    const response = await send(as, 'POST', previewPath, await multipart(fields, { name, content }));
    expect(response.statusCode, response.body).toBe(200);
    return uploadPreviewResponseSchema.parse(response.json());
  }

  async function upload(
    content: Buffer | string,
    options: UploadOptions,
    name = 'data.csv',
    as: string = demoUsers.admin,
  ) {
    return send(
      as,
      'POST',
      uploadPath,
      await multipart({ options: JSON.stringify(options) }, { name, content }),
    );
  }

  /** Preview, then import with the preview's columns (changed by `adjust`). */
  async function importFile(
    content: Buffer | string,
    table: string,
    {
      mode = 'replace',
      fields = {},
      adjust = (p) => p.columns,
      name = 'data.csv',
    }: {
      mode?: 'replace' | 'append';
      fields?: Fields;
      adjust?: (preview: UploadPreviewResponse) => UploadPreviewResponse['columns'];
      name?: string;
    } = {},
  ) {
    const seen = await preview(content, fields, name);
    const response = await upload(
      content,
      {
        table,
        mode,
        valueStyle: seen.valueStyle,
        columns: adjust(seen),
        ...(seen.sheet ? { sheet: seen.sheet } : {}),
        skipRows: seen.skipRows,
        headerRow: seen.headerRow,
        dropTotalsRow: seen.totalsRow !== null,
      },
      name,
    );
    return { preview: seen, response };
  }

  async function rowsOf(
    table: string,
    organisationId = demoOrganisation,
  ): Promise<Record<string, unknown>[]> {
    const schema = uploadsSchemaName(organisationId);
    // Values as text: the same on PGlite and PostgreSQL.
    const rows = await query<{ row: string }>(
      sql.raw(`select to_jsonb(t)::text as row from "${schema}"."${table}" t order by 1`),
    );
    return rows.map((row) => JSON.parse(row.row) as Record<string, unknown>);
  }

  async function sourceVersion(organisationId = demoOrganisation): Promise<number> {
    const [row] = await t.database.db
      .select({ version: dataSources.version })
      .from(dataSources)
      .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, source)));
    return row!.version;
  }

  async function activity(action: string) {
    return t.database.db
      .select({ target: managementActivity.target })
      .from(managementActivity)
      .where(
        and(eq(managementActivity.organisationId, demoOrganisation), eq(managementActivity.action, action)),
      );
  }

  beforeAll(async () => {
    // Small limits, so that "too large" is quick to reach.
    t = await buildTestApp(driver, { env: { UPLOAD_MAX_MEGABYTES: '1', UPLOAD_MAX_ROWS: '20000' } });
    demoOrganisation = await organisationOf(demoUsers.admin);
    beispielOrganisation = await organisationOf(demoUsers.beispielAdmin);
    await ensureSource(demoOrganisation);
    await ensureSource(beispielOrganisation);
  });
  afterAll(() => t?.close());

  it('reads a Windows-1252 CSV with ";" and German numbers and dates', async () => {
    const text =
      'Kunde;Umsatz;Menge;Datum;Aktiv\r\nMüller & Söhne;1.234,56;1.200;31.12.2026;ja\r\nBäckerei Groß;-7,5;3;01.02.2026;nein\r\n';
    const { preview: seen, response } = await importFile(iconv.encode(text, 'windows-1252'), 'kunden');
    expect(seen).toMatchObject({
      fileKind: 'csv',
      separator: ';',
      encoding: 'windows-1252',
      valueStyle: 'de',
    });
    expect(seen.columns).toEqual([
      { name: 'kunde', header: 'Kunde', type: 'text' },
      { name: 'umsatz', header: 'Umsatz', type: 'decimal' },
      { name: 'menge', header: 'Menge', type: 'integer' },
      { name: 'datum', header: 'Datum', type: 'date' },
      { name: 'aktiv', header: 'Aktiv', type: 'boolean' },
    ]);
    expect(seen.rows[0]).toEqual(['Müller & Söhne', '1.234,56', '1.200', '31.12.2026', 'ja']);
    expect(response.statusCode, response.body).toBe(200);
    expect(uploadResultSchema.parse(response.json())).toMatchObject({
      table: 'kunden',
      rowsImported: 2,
      rowsTotal: 2,
    });
    expect(await rowsOf('kunden')).toEqual([
      { kunde: 'Bäckerei Groß', umsatz: -7.5, menge: 3, datum: '2026-02-01', aktiv: false },
      { kunde: 'Müller & Söhne', umsatz: 1234.56, menge: 1200, datum: '2026-12-31', aktiv: true },
    ]);
  });

  it('reads a UTF-8 CSV with "," and quoted separators, quotes and newlines, in English formats', async () => {
    const text =
      '\uFEFFname,amount,at,note\n"Smith, John","1,234.5",2026-03-01T10:30:00Z,"line one\nline ""two"""\nZoë,2,2026-03-02 08:00,\n';
    const { preview: seen, response } = await importFile(text, 'notes');
    expect(seen).toMatchObject({ separator: ',', encoding: 'UTF-8', valueStyle: 'en' });
    expect(seen.columns.map((column) => column.type)).toEqual(['text', 'decimal', 'timestamp', 'text']);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await rowsOf('notes');
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.name === 'Smith, John')).toMatchObject({
      amount: 1234.5,
      note: 'line one\nline "two"',
    });
    expect(rows.find((row) => row.name === 'Zoë')).toMatchObject({ amount: 2, note: null });
    const times = await query<{ at: string }>(
      sql.raw(
        `select to_char("at" at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from "${uploadsSchemaName(demoOrganisation)}"."notes" order by 1`,
      ),
    );
    expect(times.map((row) => row.at)).toEqual(['2026-03-01 10:30', '2026-03-02 08:00']);
  });

  it('reads a tab-separated file', async () => {
    const { preview: seen, response } = await importFile('a\tb\n1\tx\n2\ty\n', 'tabs');
    expect(seen.separator).toBe('\t');
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('tabs')).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
  });

  it('reads the chosen sheet of an XLSX workbook with dates and formula results', async () => {
    const file = await xlsx((workbook) => {
      workbook.addWorksheet('Notes').addRow(['ignore me']);
      const sheet = workbook.addWorksheet('Sales');
      sheet.addRow(['Day', 'Units', 'Price', 'Total', 'Label']);
      sheet.addRow([
        new Date(Date.UTC(2026, 0, 31)),
        2,
        2.5,
        { formula: 'B2*C2', result: 5 },
        { formula: 'UPPER("a")', result: 'A' },
      ]);
      sheet.addRow([new Date(Date.UTC(2026, 1, 1)), 4, 1.25, { formula: 'B3*C3', result: 5 }, 'b']);
    });
    const first = await preview(file, {}, 'book.xlsx');
    expect(first).toMatchObject({
      fileKind: 'xlsx',
      sheets: ['Notes', 'Sales'],
      sheet: 'Notes',
      separator: null,
    });
    const { preview: seen, response } = await importFile(file, 'sales', {
      fields: { sheet: 'Sales' },
      name: 'book.xlsx',
    });
    expect(seen.sheet).toBe('Sales');
    expect(seen.columns.map((column) => column.type)).toEqual([
      'date',
      'integer',
      'decimal',
      'integer',
      'text',
    ]);
    expect(seen.rows[0]).toEqual(['2026-01-31', '2', '2.5', '5', 'A']);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('sales')).toEqual([
      { day: '2026-01-31', units: 2, price: 2.5, total: 5, label: 'A' },
      { day: '2026-02-01', units: 4, price: 1.25, total: 5, label: 'b' },
    ]);
    const missing = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart({ sheet: 'Nope' }, { name: 'b.xlsx', content: file }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Nope');
  });

  it('imports with a changed type and the chosen value style', async () => {
    const text = 'zip,amount\n01067,"1.500"\n80331,"2"\n';
    const { preview: seen, response } = await importFile(text, 'zips', {
      adjust: (p) =>
        p.columns.map((column) => (column.name === 'zip' ? { ...column, type: 'text' } : column)),
    });
    expect(seen.columns[0]!.type).toBe('integer');
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('zips')).toEqual([
      { zip: '01067', amount: 1.5 },
      { zip: '80331', amount: 2 },
    ]);
    // The same digits read in German style: "1.500" is then fifteen hundred, not one and a half.
    const german = await preview(text, { valueStyle: 'de' });
    expect(german.valueStyle).toBe('de');
    expect(german.columns[1]!.type).toBe('integer');
  });

  it('skips a title above the header of an XLSX sheet and reads German percentages and amounts as numbers', async () => {
    const file = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Umsatz');
      sheet.getCell('A1').value = 'Umsatzbericht 2026';
      sheet.getCell('A3').value = 'Region';
      sheet.getCell('B3').value = 'Anteil';
      sheet.getCell('C3').value = 'Umsatz';
      sheet.getCell('D3').value = 'Kosten';
      sheet.addRow(['Nord', '11,0 %', '€ 1.234,50', 'EUR 1.000,00']);
      sheet.addRow(['Süd', '89 %', '1.234,50 €', 'EUR 2,5']);
    });
    const seen = await preview(file, {}, 'umsatz.xlsx');
    expect(seen).toMatchObject({
      skipRows: 2,
      headerRow: true,
      suggestedSkipRows: 2,
      suggestedHeaderRow: true,
      headerRowNumber: 3,
      rowNumbers: [4, 5],
      valueStyle: 'de',
      totalsRow: null,
    });
    expect(seen.columns).toEqual([
      { name: 'region', header: 'Region', type: 'text' },
      { name: 'anteil', header: 'Anteil', type: 'decimal', format: 'percent' },
      { name: 'umsatz', header: 'Umsatz', type: 'decimal', format: 'currency' },
      { name: 'kosten', header: 'Kosten', type: 'decimal', format: 'currency' },
    ]);
    const { response } = await importFile(file, 'umsatz', { name: 'umsatz.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('umsatz')).toEqual([
      { region: 'Nord', anteil: 0.11, umsatz: 1234.5, kosten: 1000 },
      { region: 'Süd', anteil: 0.89, umsatz: 1234.5, kosten: 2.5 },
    ]);
    const tables = uploadedTablesResponseSchema.parse(
      (await send(demoUsers.admin, 'GET', tablesPath)).json(),
    );
    expect(tables.items.find((table) => table.name === 'umsatz')?.columns[1]).toMatchObject({
      format: 'percent',
    });
  });

  it('previews the rows to skip and the header as the author sets them, and reads English percentages and amounts', async () => {
    const content =
      'Sales report\nAs of 2026-03-01\nRegion,Share,Revenue\nNorth,11.0%,"$1,234.50"\nSouth,5%,$7\n';
    const seen = await preview(content);
    expect(seen).toMatchObject({ skipRows: 2, headerRow: true, headerRowNumber: 3, rowNumbers: [4, 5] });
    expect(seen.columns.map((column) => [column.name, column.type, column.format])).toEqual([
      ['region', 'text', undefined],
      ['share', 'decimal', 'percent'],
      ['revenue', 'decimal', 'currency'],
    ]);
    // The author's own choice: nothing skipped, no header row — every row is data, numbered from 1.
    const raw = await preview(content, { skipRows: '0', headerRow: 'false' });
    expect(raw).toMatchObject({ skipRows: 0, headerRow: false, headerRowNumber: null, suggestedSkipRows: 2 });
    expect(raw.rowNumbers).toEqual([1, 2, 3, 4, 5]);
    expect(raw.columns.map((column) => column.name)).toEqual(['column_1', 'column_2', 'column_3']);
    expect(raw.rows[2]).toEqual(['Region', 'Share', 'Revenue']);
    const skipOne = await preview(content, { skipRows: '1' });
    expect(skipOne.columns[0]!.header).toBe('As of 2026-03-01');
    const bad = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart({ skipRows: '-1' }, { name: 'x.csv', content }),
    );
    expect(bad.statusCode).toBe(400);
    const past = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart({ skipRows: '40' }, { name: 'x.csv', content }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('no rows after the rows skipped');

    const { response } = await importFile(content, 'sales_report');
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('sales_report')).toEqual([
      { region: 'South', share: 0.05, revenue: 7 },
      { region: 'North', share: 0.11, revenue: 1234.5 },
    ]);
  });

  it('names a bad value by the row the spreadsheet shows, counting skipped rows and the header', async () => {
    const file = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Data');
      sheet.getCell('A1').value = 'Title';
      sheet.getCell('A3').value = 'Id';
      sheet.getCell('B3').value = 'Amount';
      sheet.addRow([1, 10]);
      sheet.addRow([2, 20]);
      sheet.addRow([3, 'twelve']);
    });
    const options: UploadOptions = {
      table: 'numbered',
      mode: 'replace',
      valueStyle: 'en',
      skipRows: 2,
      columns: [
        { name: 'id', header: 'Id', type: 'integer' },
        { name: 'amount', header: 'Amount', type: 'integer' },
      ],
    };
    const response = await upload(file, options, 'numbered.xlsx');
    expect(response.statusCode, response.body).toBe(400);
    const body = uploadErrorSchema.parse(response.json());
    expect(body.error.detail).toEqual({ row: 6, column: 'Amount', value: 'twelve' });
    expect(body.error.message).toContain('Row 6');
    // CSV: empty lines and a quoted line break count as a spreadsheet shows them.
    const csv = 'Title\n\nid,note\n1,"two\nlines"\n\nx,fine\n';
    const csvResponse = await upload(csv, {
      ...options,
      columns: [
        { name: 'id', header: 'id', type: 'integer' },
        { name: 'note', header: 'note', type: 'text' },
      ],
    });
    expect(uploadErrorSchema.parse(csvResponse.json()).error.detail).toEqual({
      row: 6,
      column: 'id',
      value: 'x',
    });
  });

  it('finds a totals row by its label or by its sums, and leaves it out when asked', async () => {
    const labelled = 'Region;Umsatz;Anteil\nNord;1.000,50;40 %\nSüd;1.500;60 %\nSumme;2.500,50;100 %\n';
    const { preview: seen, response } = await importFile(labelled, 'region_totals');
    expect(seen.totalsRow).toEqual({ row: 4, label: 'Summe' });
    expect(seen.rows).toHaveLength(2);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('region_totals')).toEqual([
      { region: 'Nord', umsatz: 1000.5, anteil: 0.4 },
      { region: 'Süd', umsatz: 1500, anteil: 0.6 },
    ]);
    // Kept when the author unticks it.
    const kept = await upload(labelled, {
      table: 'region_all',
      mode: 'replace',
      valueStyle: 'de',
      columns: seen.columns,
      dropTotalsRow: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await rowsOf('region_all')).toHaveLength(3);

    const summed = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Sheet');
      sheet.addRow(['Month', 'Units', 'Revenue']);
      sheet.addRow(['Jan', 3, 10.5]);
      sheet.addRow(['Feb', 4, 20.25]);
      sheet.addRow(['Mar', 5, 30]);
      sheet.addRow([null, 12, { formula: 'SUM(C2:C4)', result: 60.75 }]);
    });
    const sums = await importFile(summed, 'months', { name: 'months.xlsx' });
    expect(sums.preview.totalsRow).toEqual({ row: 5, label: null });
    expect(sums.response.statusCode, sums.response.body).toBe(200);
    expect(await rowsOf('months')).toHaveLength(3);
    // English labels in any case; a last row that is no total stays.
    expect((await preview('name,n\na,1\nb,2\nGRAND TOTAL,3\n')).totalsRow).toEqual({
      row: 4,
      label: 'GRAND TOTAL',
    });
    expect((await preview('name,n\na,1\nb,2\nc,4\n')).totalsRow).toBeNull();
    expect((await preview('name,n\na,1\nb,2\nSummer,4\n')).totalsRow).toBeNull();
  });

  it('replaces and appends, counting the rows, and refuses to append other columns', async () => {
    const first = await importFile('id,name\n1,a\n2,b\n', 'items');
    expect(first.response.json()).toMatchObject({ rowsImported: 2, rowsTotal: 2 });
    const appended = await importFile('id,name\n3,c\n', 'items', { mode: 'append' });
    expect(appended.response.json()).toMatchObject({ rowsImported: 1, rowsTotal: 3 });
    expect((await rowsOf('items')).map((row) => row.id)).toEqual([1, 2, 3]);
    const other = await importFile('id,label\n4,d\n', 'items', { mode: 'append' });
    expect(other.response.statusCode).toBe(400);
    const replaced = await importFile('id,name\n9,z\n', 'items');
    expect(replaced.response.json()).toMatchObject({ rowsImported: 1, rowsTotal: 1 });
    expect(await rowsOf('items')).toEqual([{ id: 9, name: 'z' }]);
    const list = uploadedTablesResponseSchema.parse((await send(demoUsers.admin, 'GET', tablesPath)).json());
    expect(list.items.find((table) => table.name === 'items')).toMatchObject({
      rows: 1,
      columns: [
        { name: 'id', header: 'id', type: 'integer' },
        { name: 'name', header: 'name', type: 'text' },
      ],
    });
  });

  it('names the row, column and value of a bad value and imports nothing', async () => {
    await importFile('id,amount\n1,10\n', 'ledger');
    const versionBefore = await sourceVersion();
    const uploadsBefore = (await activity('data.table-uploaded')).length;
    const options: UploadOptions = {
      table: 'ledger',
      mode: 'append',
      valueStyle: 'en',
      columns: [
        { name: 'id', header: 'id', type: 'integer' },
        { name: 'amount', header: 'amount', type: 'integer' },
      ],
    };
    // Past the first batch (5,000 rows), so that rows were already written when the bad one comes.
    const content = `id,amount\n${Array.from({ length: 4_999 }, (_, index) => `${index + 2},${index}`).join('\n')}\n9,12x\n`;
    const response = await upload(content, options);
    expect(response.statusCode, response.body).toBe(400);
    const body = uploadErrorSchema.parse(response.json());
    // The row as a spreadsheet shows it: the header is row 1.
    expect(body.error.detail).toEqual({ row: 5_001, column: 'amount', value: '12x' });
    expect(body.error.message).toContain('Row 5001');
    expect(await rowsOf('ledger')).toEqual([{ id: 1, amount: 10 }]);
    expect(await sourceVersion()).toBe(versionBefore);
    expect(await activity('data.table-uploaded')).toHaveLength(uploadsBefore);
    // A replace that fails leaves the old table as it was, too.
    const replace = await upload('id,amount\n5,oops\n', { ...options, mode: 'replace' });
    expect(uploadErrorSchema.parse(replace.json()).error.detail).toEqual({
      row: 2,
      column: 'amount',
      value: 'oops',
    });
    expect(await rowsOf('ledger')).toEqual([{ id: 1, amount: 10 }]);
  });

  it('answers 413 for a file over the size limit or the row limit, importing nothing', async () => {
    const big = `id,text\n${Array.from({ length: 1_000 }, (_, index) => `${index},${'x'.repeat(1_100)}`).join('\n')}\n`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const options: UploadOptions = {
      table: 'huge',
      mode: 'replace',
      columns: [
        { name: 'id', header: 'id', type: 'integer' },
        { name: 'text', header: 'text', type: 'text' },
      ],
    };
    const bySize = await upload(big, options);
    expect(bySize.statusCode, bySize.body).toBe(413);
    expect(bySize.json().error.message).toContain('1 MB');
    const manyRows = `id,text\n${Array.from({ length: 20_001 }, (_, index) => `${index},x`).join('\n')}\n`;
    const byRows = await upload(manyRows, options);
    expect(byRows.statusCode, byRows.body).toBe(413);
    expect(byRows.json().error.message).toContain('20,000 rows');
    const list = uploadedTablesResponseSchema.parse((await send(demoUsers.admin, 'GET', tablesPath)).json());
    expect(list.items.map((table) => table.name)).not.toContain('huge');
    const [exists] = await query<{ present: boolean }>(
      sql`select to_regclass(${`${uploadsSchemaName(demoOrganisation)}.huge`}) is not null as present`,
    );
    expect(exists!.present).toBe(false);
  });

  it('lets other requests read the database while an import waits for the rest of its file', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedGate!: () => void;
    const waiting = new Promise<void>((resolve) => (reachedGate = resolve));
    const boundary = 'upload-test-boundary';
    const options: UploadOptions = {
      table: 'slow',
      mode: 'replace',
      columns: [
        { name: 'id', header: 'id', type: 'integer' },
        { name: 'label', header: 'label', type: 'text' },
      ],
    };
    const line = (index: number) => `${index},label-${String(index).padStart(20, '0')}\n`;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\n\r\nid,label\n`,
      );
      // 12,000 rows in small pieces: by the time the last is asked for, the streams between hold far less
      // than what was sent, so the import has written its first batches (5,000 rows each).
      for (let start = 1; start <= 12_000; start += 50)
        yield Buffer.from(Array.from({ length: 50 }, (_, offset) => line(start + offset)).join(''));
      reachedGate();
      await gate;
      yield Buffer.from(`${line(12_001)}\r\n--${boundary}--\r\n`);
    }
    const uploading = t.app.inject({
      method: 'POST',
      url: uploadPath,
      headers: {
        ...(await t.bearer(demoUsers.admin)),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Readable.from(body()),
    });
    await waiting;
    // On PGlite (one connection) an import that held a transaction open would keep this waiting until the end.
    const list = await send(demoUsers.admin, 'GET', tablesPath);
    expect(list.statusCode).toBe(200);
    expect(uploadedTablesResponseSchema.parse(list.json()).items.map((table) => table.name)).not.toContain(
      'slow',
    );
    release();
    const response = await uploading;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rowsImported: 12_001, rowsTotal: 12_001 });
  });

  it('bumps the source version, records the activity and removes a table with its rows', async () => {
    const before = await sourceVersion();
    await importFile('k\n1\n', 'doomed');
    expect(await sourceVersion()).toBe(before + 1);
    expect(await activity('data.table-uploaded')).toContainEqual({ target: `${source}.doomed` });
    const removed = await send(demoUsers.admin, 'DELETE', tablePath('doomed'));
    expect(removed.statusCode).toBe(204);
    expect(await sourceVersion()).toBe(before + 2);
    expect(await activity('data.table-removed')).toContainEqual({ target: `${source}.doomed` });
    const [exists] = await query<{ present: boolean }>(
      sql`select to_regclass(${`${uploadsSchemaName(demoOrganisation)}.doomed`}) is not null as present`,
    );
    expect(exists!.present).toBe(false);
    expect((await send(demoUsers.admin, 'DELETE', tablePath('doomed'))).statusCode).toBe(404);
  });

  it("never lets another organisation read, name or remove an organisation's tables", async () => {
    await importFile('secret\n42\n', 'private_numbers');
    const theirs = uploadedTablesResponseSchema.parse(
      (await send(demoUsers.beispielAdmin, 'GET', tablesPath)).json(),
    );
    expect(theirs.items.map((table) => table.name)).not.toContain('private_numbers');
    expect((await send(demoUsers.beispielAdmin, 'DELETE', tablePath('private_numbers'))).statusCode).toBe(
      404,
    );
    expect(await rowsOf('private_numbers')).toEqual([{ secret: 42 }]);
    // Their upload of the same name lands in their own schema.
    const response = await upload(
      'secret\n7\n',
      {
        table: 'private_numbers',
        mode: 'replace',
        columns: [{ name: 'secret', header: 'secret', type: 'integer' }],
      },
      'x.csv',
      demoUsers.beispielAdmin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowsOf('private_numbers')).toEqual([{ secret: 42 }]);
    expect(await rowsOf('private_numbers', beispielOrganisation)).toEqual([{ secret: 7 }]);
    // A source that is not theirs (or does not exist) is not found; members may not upload at all.
    const unknown = pathOf(apiRoutes.listUploadedTables, { name: 'someone-elses' });
    expect((await send(demoUsers.admin, 'GET', unknown)).statusCode).toBe(404);
    expect((await send(demoUsers.member, 'GET', tablesPath)).statusCode).toBe(403);
    const member = await send(
      demoUsers.member,
      'POST',
      previewPath,
      await multipart({}, { name: 'a.csv', content: 'a\n1\n' }),
    );
    expect(member.statusCode).toBe(403);
  });

  it('makes safe SQL names of hostile file names and headers, and refuses unsafe ones in the options', async () => {
    const text =
      '"""; drop table users; --",Robert\'); DROP TABLE x,,1st,Straße,Straße,"a""b"\n1,2,3,4,5,6,7\n';
    const seen = await preview(text, {}, '../../etc/"; DROP SCHEMA public;--.csv');
    // The browser sends `"` as %22; the path is dropped.
    expect(seen.suggestedTableName).toBe('c_22_drop_schema_public');
    expect(seen.columns.map((column) => column.name)).toEqual([
      'drop_table_users',
      'robert_drop_table_x',
      'column_3',
      'c_1st',
      'strasse',
      'strasse_2',
      'a_b',
    ]);
    for (const column of seen.columns)
      expect(uploadTableNameSchema.safeParse(column.name).success).toBe(true);
    expect(seen.columns[0]!.header).toBe('"; drop table users; --');
    const broken = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart({}, { name: 'b.csv', content: 'a,b\n"x"y,1\n' }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toContain('not valid CSV');
    const damaged = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart(
        {},
        { name: 'b.xlsx', content: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]) },
      ),
    );
    expect(damaged.statusCode).toBe(400);
    const imported = await upload(text, {
      table: seen.suggestedTableName,
      mode: 'replace',
      columns: seen.columns,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const badTable = await upload(text, {
      table: 'x"; drop table users; --',
      mode: 'replace',
      columns: seen.columns,
    });
    expect(badTable.statusCode).toBe(400);
    const badColumn = await upload('a\n1\n', {
      table: 'ok',
      mode: 'replace',
      columns: [{ name: 'a" text); drop', header: 'a', type: 'text' }],
    });
    expect(badColumn.statusCode).toBe(400);
    const [users] = await query<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(users!.n).toBeGreaterThan(0);
  });

  it('refuses what is not a multipart upload, and options after the file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: uploadPath,
      headers: { ...(await t.bearer(demoUsers.admin)), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('file', new Blob(['a\n1\n']), 'a.csv');
    form.append(
      'options',
      JSON.stringify({ table: 'late', mode: 'replace', columns: [{ name: 'a', header: 'a', type: 'text' }] }),
    );
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const late = await t.app.inject({
      method: 'POST',
      url: uploadPath,
      headers: { ...(await t.bearer(demoUsers.admin)), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toContain('options');
    const noFile = await send(demoUsers.admin, 'POST', previewPath, await multipart({ valueStyle: 'de' }));
    expect(noFile.statusCode).toBe(400);
  });
  /** The answer to a preview that is refused with the row and column of a cell (`detail`). */
  async function refusedCell(content: Buffer | string, name: string) {
    const response = await send(demoUsers.admin, 'POST', previewPath, await multipart({}, { name, content }));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(400);
    return uploadErrorSchema.parse(response.json()).error;
  }

  it("refuses a CSV cell over 32,767 characters (Excel's limit) with its row and column, and previews one at the limit", async () => {
    const seen = await preview(`id,note\n1,${'x'.repeat(32_767)}\n`);
    expect(seen.rows[0]![1]).toHaveLength(32_767);
    const over = `id;note\n1;short\n2;"${'y'.repeat(40_000)}"\n`;
    const error = await refusedCell(over, 'long.csv');
    expect(error.detail).toMatchObject({
      row: 3,
      column: 'B',
      value: 'y'.repeat(100),
      tooLong: { limit: 32_767 },
    });
    expect(error.message).toContain('Row 3, column "B"');
    expect(error.message).toContain('32,767 characters');
    const columns: UploadOptions['columns'] = [
      { name: 'id', header: 'id', type: 'integer' },
      { name: 'note', header: 'note', type: 'text' },
    ];
    const imported = await upload(over, { table: 'long_notes', mode: 'replace', columns });
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(400);
    expect(uploadErrorSchema.parse(imported.json()).error.detail).toMatchObject({ row: 3, column: 'B' });
    const list = uploadedTablesResponseSchema.parse((await send(demoUsers.admin, 'GET', tablesPath)).json());
    expect(list.items.map((table) => table.name)).not.toContain('long_notes');
  });

  it('refuses an XLSX cell over the limit with its row and column: shared, inline, long or a number', async () => {
    // exceljs writes text as shared strings.
    const written = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['id', 'note']);
      sheet.addRow([1, 'z'.repeat(32_767)]);
      sheet.addRow([2, 'z'.repeat(40_000)]);
    });
    const error = await refusedCell(written, 'long.xlsx');
    expect(error.detail).toMatchObject({ row: 3, column: 'B', tooLong: { limit: 32_767 } });
    expect(error.message).toContain('Row 3, column "B"');
    // At the limit, in characters as JavaScript counts them: multi-byte letters, emoji (two each) and
    // entities (`&amp;`, `&lt;`) are neither cut nor refused.
    const full = `${'😀'.repeat(10_000)}${'ä&<'.repeat(4_255)}xy`;
    expect(full).toHaveLength(32_767);
    const atLimit = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet('Data');
      sheet.addRow(['id', 'note']);
      sheet.addRow([1, full]);
    });
    expect((await preview(atLimit, {}, 'ok.xlsx')).rows[0]![1]).toBe(full);
    // Shared rich text in runs, and inline text (exceljs's writer cuts emoji of long rich text: by hand).
    const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    // Three bytes each, across the temporary file's 64 KB pieces.
    const euros = '€'.repeat(32_767);
    const runs = `<r><t>${escaped(full.slice(0, 16_000))}</t></r><r><t>${escaped(full.slice(16_000))}</t></r>`;
    const rich = await zipOf(
      xlsxParts({
        sheet: [
          '<row r="1"><c r="A1" t="inlineStr"><is><t>shared</t></is></c><c r="B1" t="inlineStr"><is><t>inline</t></is></c>' +
            '<c r="C1" t="inlineStr"><is><t>euro</t></is></c><c r="D1" t="inlineStr"><is><t>euro2</t></is></c></row>',
          `<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is><t>${escaped(full)}</t></is></c>` +
            `<c r="C2" t="inlineStr"><is><t>${euros}</t></is></c><c r="D2" t="inlineStr"><is><t>x${euros.slice(1)}</t></is></c></row>`,
        ],
        sharedStrings: [`<si>${runs}</si>`],
        // The sheet first: exceljs parks it in a temporary file and reads it back in pieces of its own.
        sharedStringsFirst: false,
      }),
    );
    expect((await preview(rich, {}, 'rich.xlsx')).rows[0]).toEqual([full, full, euros, `x${euros.slice(1)}`]);

    // 1.5 million characters in a file under 1 MB: cut to the limit while read, then named by the sheet.
    const long = randomLetters(1_500_000);
    const header =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c><c r="B1" t="inlineStr"><is><t>note</t></is></c></row>';
    const shared = await zipOf(
      xlsxParts({
        sheet: [header, '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>0</v></c></row>'],
        sharedStrings: ['<si><r><t>', long, '</t></r><r><t>&amp; more</t></r></si>'],
      }),
    );
    expect(shared.length).toBeLessThan(1024 * 1024);
    expect((await refusedCell(shared, 'shared.xlsx')).detail).toMatchObject({ row: 2, column: 'B' });
    const inline = await zipOf(
      xlsxParts({
        sheet: [
          header,
          `<row r="7"><c r="A7"><v>1</v></c><c r="B7" t="inlineStr"><is><t>${long}</t></is></c></row>`,
        ],
        sharedStringsFirst: true,
      }),
    );
    expect((await refusedCell(inline, 'inline.xlsx')).detail).toMatchObject({ row: 7, column: 'B' });
    // A number is not shortened into another number: refused as it is read.
    const number = await zipOf(
      xlsxParts({ sheet: [header, `<row r="4"><c r="A4"><v>${'9'.repeat(40_000)}</v></c></row>`] }),
    );
    expect((await refusedCell(number, 'number.xlsx')).detail).toMatchObject({ row: 4, column: 'A' });
    // A document type could declare entities; Excel writes none.
    const declared = await zipOf(
      xlsxParts({ sheet: ['<!DOCTYPE x [<!ENTITY a "aaaa">]>', header], sharedStringsFirst: true }),
    );
    const refused = await send(
      demoUsers.admin,
      'POST',
      previewPath,
      await multipart({}, { name: 'd.xlsx', content: declared }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('<!');
  });

  it('refuses a zip bomb (a 500 MB cell in a file of 500 KB) early, without the memory it would take', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const bomb = await zipOf(
      xlsxParts({
        sheet: ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>'],
        sharedStrings: (function* () {
          yield '<si><t>';
          for (let index = 0; index < 500; index += 1) yield megabyte;
          yield '</t></si>';
        })(),
        sharedStringsFirst: true,
      }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const body = await multipart({}, { name: 'bomb.xlsx', content: bomb });
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = () => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    };
    const sampler = setInterval(sample, 10);
    // Four at once, as in the review that found it (6.3 GB before the guard).
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => send(demoUsers.admin, 'POST', previewPath, body)),
    );
    clearInterval(sampler);
    sample();
    for (const response of responses) {
      expect(response.statusCode, response.body.slice(0, 500)).toBe(413);
      expect(response.json().error.message).toContain('zip bomb');
    }
    // Not a measurement of this reader's needs, a bound far below what the 500 MB cell would take.
    expect(peakRss - before.rss).toBeLessThan(200 * 1024 * 1024);
    expect(peakHeap - before.heapUsed).toBeLessThan(200 * 1024 * 1024);
  });
});
