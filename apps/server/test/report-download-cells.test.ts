import { apiRoutes, catalogueDocumentSchema, pathOf } from '@cockpit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp, demoUsers, testDrivers } from './helpers/build-test-app';
import { createUploadedTable, organisationIdOf } from './helpers/uploaded-tables';

// The cells of a report download never run as formulas (OWASP CSV injection), whatever separator the
// reader's spreadsheet splits a CSV file on: text starting with = + - @ tab or CR gets an apostrophe,
// text holding `,` or `;` is quoted in both the comma and the semicolon file, numbers stay numbers.

const notes = [
  [1, '=1+2', -5],
  [2, '+1+2', 3.5],
  [3, '-1+2', 0],
  [4, '@SUM(A1)', -0.25],
  [5, '\t=1+2', 1],
  [6, '\r=1+2', 2],
  [7, 'a;=1+2', 3],
  [8, 'b,=1+2', 4],
  [9, 'plain', 5],
] as const;

const definition = {
  name: 'hostile-notes',
  source: 'uploads',
  sql: 'select note, amount from hostile_notes order by id',
  parameters: [],
  columns: [
    { name: 'note', label: { en: 'Note', de: 'Notiz' }, format: 'text' },
    { name: 'amount', label: { en: 'Amount', de: 'Betrag' }, format: 'number' },
  ],
  visuals: [{ type: 'table', id: 'table' }],
  cacheSeconds: 0,
};

describe.each(testDrivers())('report download cells (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(driver);
    const organisationId = await organisationIdOf(t);
    await createUploadedTable(
      t,
      organisationId,
      'hostile_notes',
      'id int, note text, amount numeric(12,2)',
      notes,
    );
    const exported = catalogueDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: apiRoutes.exportCatalogue.path,
          headers: await t.bearer(demoUsers.admin),
        })
      ).json(),
    );
    const imported = await t.app.inject({
      method: 'PUT',
      url: apiRoutes.importCatalogue.path,
      headers: await t.bearer(demoUsers.admin),
      payload: {
        ...exported,
        definitions: [...(exported.definitions ?? []), definition],
        menu: [
          ...exported.menu,
          {
            name: 'hostile',
            title: { en: 'Hostile' },
            items: [
              {
                name: 'hostile-notes',
                title: { en: 'Notes' },
                report: { kind: 'query', definition: 'hostile-notes' },
              },
            ],
          },
        ],
      } as unknown as Record<string, unknown>,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const [email, culture] of [
      [demoUsers.member, 'en-GB'],
      [demoUsers.basic, 'de-AT'],
    ] as const) {
      const settings = await t.app.inject({
        method: 'PUT',
        url: apiRoutes.updateUserSettings.path,
        headers: await t.bearer(email),
        payload: {
          uiLanguage: culture === 'en-GB' ? 'en' : culture,
          uiCulture: culture,
          currencySymbol: '€',
          displayName: 'Reader',
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  const download = async (format: 'csv' | 'xlsx', email: string) =>
    t.app.inject({
      method: 'GET',
      url: `${pathOf(apiRoutes.downloadReport, { name: 'hostile-notes' })}?format=${format}`,
      headers: await t.bearer(email),
    });

  it('guards CSV text for both separators and keeps negative numbers as numbers', async () => {
    const english = await download('csv', demoUsers.member);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.body).toBe(
      '\uFEFFNote,Amount\r\n' +
        "'=1+2,-5.00\r\n'+1+2,3.50\r\n'-1+2,0.00\r\n'@SUM(A1),-0.25\r\n\"'\t=1+2\",1.00\r\n\"'\r=1+2\",2.00\r\n" +
        '"a;=1+2",3.00\r\n"b,=1+2",4.00\r\nplain,5.00\r\n',
    );
    const german = await download('csv', demoUsers.basic);
    expect(german.statusCode, german.body).toBe(200);
    expect(german.body).toBe(
      '\uFEFFNotiz;Betrag\r\n' +
        "'=1+2;-5,00\r\n'+1+2;3,50\r\n'-1+2;0,00\r\n'@SUM(A1);-0,25\r\n\"'\t=1+2\";1,00\r\n\"'\r=1+2\";2,00\r\n" +
        '"a;=1+2";3,00\r\n"b,=1+2";4,00\r\nplain;5,00\r\n',
    );
  });

  it('writes XLSX text as text cells, never formulas, and numbers as numbers', async () => {
    const response = await download('xlsx', demoUsers.member);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: Array<[ExcelJS.ValueType, unknown, ExcelJS.ValueType, unknown]> = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      cells.push([row.getCell(1).type, row.getCell(1).value, row.getCell(2).type, row.getCell(2).value]);
    });
    // (XML reads a bare carriage return back as a line feed.)
    expect(cells).toEqual(
      notes.map(([, note, amount]) => [
        ExcelJS.ValueType.String,
        note.replace('\r', '\n'),
        ExcelJS.ValueType.Number,
        amount,
      ]),
    );
    // A number column has its format's number format: grouping and 2 decimals.
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
  });
});
