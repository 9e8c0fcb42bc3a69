import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type UploadOptions, type UploadPreviewResponse } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { UploadTableWizard } from './upload-table-wizard';
import { UploadedTablesList } from './upload-tables-list';

// Management → Data → uploaded tables (decision 027): choose a file, check and change the preview's types,
// value style, sheet, table name and mode, import with upload progress; a bad value names row and column.

const previewPath = pathOf(apiRoutes.previewUpload, { name: 'uploads' });
const uploadPath = pathOf(apiRoutes.uploadTable, { name: 'uploads' });
const tablesPath = pathOf(apiRoutes.listUploadedTables, { name: 'uploads' });

/** XMLHttpRequest as the upload path uses it: each request waits until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  get path() {
    return new URL(this.url).pathname;
  }
  field(name: string) {
    return this.body?.get(name);
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** The next request sent to `path` (waits for it). */
async function nextRequest(path: string, after = 0): Promise<FakeXhr> {
  let found: FakeXhr | undefined;
  await waitFor(() => {
    found = FakeXhr.sent.slice(after).find((xhr) => xhr.path === path);
    expect(found).toBeDefined();
  });
  return found!;
}

const csvPreview = (overrides: Partial<UploadPreviewResponse> = {}): UploadPreviewResponse => ({
  fileKind: 'csv',
  separator: ';',
  encoding: 'windows-1252',
  sheets: [],
  sheet: null,
  valueStyle: 'de',
  columns: [
    { name: 'plz', header: 'PLZ', type: 'integer' },
    { name: 'umsatz', header: 'Umsatz', type: 'decimal' },
  ],
  rows: [
    ['01067', '1.234,56'],
    ['80331', '7,5'],
  ],
  rowNumbers: [2, 3],
  suggestedTableName: 'umsatz_2026',
  skipRows: 0,
  headerRow: true,
  suggestedSkipRows: 0,
  suggestedHeaderRow: true,
  headerRowNumber: 1,
  totalsRow: null,
  ...overrides,
});

const csvFile = () => new File(['PLZ;Umsatz\n01067;1.234,56\n'], 'Umsatz 2026.csv', { type: 'text/csv' });

async function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('upload table wizard', () => {
  it('previews a file, takes a changed type and name, shows the upload progress and reports the import', async () => {
    const calls = stubApi({ [`GET ${tablesPath}`]: () => jsonResponse({ items: [] }) });
    const onDone = vi.fn();
    await renderWithProviders(
      <>
        <UploadTableWizard sourceName="uploads" onDone={onDone} />
        <UploadedTablesList sourceName="uploads" />
      </>,
    );
    await chooseFile(csvFile());
    const preview = await nextRequest(previewPath);
    expect(preview.method).toBe('POST');
    expect(preview.headers.authorization).toBe('Bearer a.b.c');
    expect((preview.field('file') as File).name).toBe('Umsatz 2026.csv');
    expect(preview.field('valueStyle')).toBeNull();
    preview.answer(200, csvPreview());

    expect(await screen.findByTestId('upload-detected')).toHaveTextContent(
      'CSV file separated by semicolons, encoding windows-1252',
    );
    const table = screen.getByTestId('upload-preview');
    expect(within(table).getByText('01067')).toBeInTheDocument();
    expect(screen.getByTestId('upload-table-name')).toHaveValue('umsatz_2026');

    // Postcodes are text (their leading zero matters), though they look like numbers.
    await userEvent.click(screen.getByRole('combobox', { name: 'Type of PLZ' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Text' }));
    const name = screen.getByTestId('upload-table-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sales!');
    expect(await screen.findByText(/Use 1–63 lower-case letters/)).toBeInTheDocument();
    expect(screen.getByTestId('upload-import')).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'sales_2026');
    await userEvent.click(screen.getByRole('radio', { name: 'Add the rows' }));
    await userEvent.click(screen.getByTestId('upload-import'));

    const upload = await nextRequest(uploadPath);
    const options = JSON.parse(upload.field('options') as string) as UploadOptions;
    expect(options).toEqual({
      table: 'sales_2026',
      mode: 'append',
      valueStyle: 'de',
      columns: [
        { name: 'plz', header: 'PLZ', type: 'text' },
        { name: 'umsatz', header: 'Umsatz', type: 'decimal' },
      ],
      skipRows: 0,
      headerRow: true,
      dropTotalsRow: false,
    });
    // The options go before the file: the server reads them first.
    expect([...upload.body!.keys()]).toEqual(['options', 'file']);
    upload.progress(0.4);
    expect(await screen.findByText('Uploading… 40 %')).toBeInTheDocument();
    upload.progress(1);
    expect(await screen.findByText('Importing the rows…')).toBeInTheDocument();
    const listedBefore = calls.filter((call) => call.path === tablesPath).length;
    upload.answer(200, { table: 'sales_2026', rowsImported: 2, rowsTotal: 5, milliseconds: 12 });

    expect(await screen.findByTestId('upload-done')).toHaveTextContent(
      '2 rows imported into sales_2026 (5 in the table)',
    );
    expect(onDone).toHaveBeenCalledWith({
      table: 'sales_2026',
      rowsImported: 2,
      rowsTotal: 5,
      milliseconds: 12,
    });
    // The list of tables asks again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === tablesPath).length).toBeGreaterThan(listedBefore),
    );
  });

  it('names the row and column of a bad value and keeps the choices for another try', async () => {
    stubApi({ [`GET ${tablesPath}`]: () => jsonResponse({ items: [] }) });
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />);
    await chooseFile(csvFile());
    (await nextRequest(previewPath)).answer(200, csvPreview());
    await userEvent.click(await screen.findByTestId('upload-import'));
    (await nextRequest(uploadPath)).answer(400, {
      error: {
        code: 'BAD_REQUEST',
        message: 'Row 3, column "Umsatz": "12x" is not a number. Nothing was imported.',
        detail: { row: 3, column: 'Umsatz', value: '12x' },
      },
    });
    // At the column that holds the value, focused; not at the top of the card.
    const type = screen.getByRole('combobox', { name: 'Type of Umsatz' });
    await waitFor(() => expect(type).toHaveFocus());
    expect(type).toHaveAccessibleDescription(
      expect.stringContaining("Row 3, column “Umsatz”: “12x” does not fit the column's type.") as string,
    );
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('upload-error')).toBeNull();
    expect(screen.getByTestId('upload-import')).toBeEnabled();
    expect(screen.getByTestId('upload-table-name')).toHaveValue('umsatz_2026');
  });

  it('skips the suggested title rows, numbers the rows as the file does and leaves out a totals row', async () => {
    stubApi({});
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />);
    await chooseFile(csvFile());
    const first = await nextRequest(previewPath);
    // Nothing chosen yet: the server suggests the rows to skip and the header.
    expect(first.field('skipRows')).toBeNull();
    expect(first.field('headerRow')).toBeNull();
    const titled = csvPreview({
      columns: [
        { name: 'region', header: 'Region', type: 'text' },
        { name: 'anteil', header: 'Anteil', type: 'decimal', format: 'percent' },
      ],
      rows: [
        ['Nord', '11,0 %'],
        ['Süd', '89 %'],
      ],
      rowNumbers: [4, 5],
      skipRows: 2,
      suggestedSkipRows: 2,
      headerRowNumber: 3,
      totalsRow: { row: 6, label: 'Summe' },
    });
    first.answer(200, titled);
    const skip = await screen.findByRole('textbox', { name: 'Rows to skip above the table' });
    expect(skip).toHaveValue('2');
    expect(screen.getByText('Suggested: 2 rows (a title or notes above the table)')).toBeInTheDocument();
    expect(screen.getByTestId('upload-header-at')).toHaveTextContent('Header: row 3 of the file');
    const table = screen.getByTestId('upload-preview');
    expect(within(table).getByRole('rowheader', { name: '4' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: '5' })).toBeInTheDocument();
    expect(within(table).getByTestId('upload-column-format')).toHaveTextContent('Percent');
    const totals = screen.getByRole('checkbox', { name: 'Leave out the totals row (row 6: Summe)' });
    expect(totals).toBeChecked();

    // More rows skipped than the file has: told at the field, which keeps focus; the preview stays.
    const sent = FakeXhr.sent.length;
    await userEvent.clear(skip);
    await userEvent.type(skip, '40');
    const again = await nextRequest(previewPath, sent);
    expect(again.field('skipRows')).toBe('40');
    expect(again.field('headerRow')).toBe('true');
    again.answer(400, {
      error: { code: 'BAD_REQUEST', message: 'The file has no rows after the rows skipped' },
    });
    const field = await screen.findByRole('textbox', { name: 'Rows to skip above the table' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('The file has no rows after the rows skipped') as string,
    );
    expect(within(screen.getByTestId('upload-preview')).getByText('11,0 %')).toBeInTheDocument();
    // Back to the count previewed: the error goes, and that preview is still right.
    await userEvent.clear(field);
    await userEvent.type(field, '2');
    await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid', 'true'));

    await userEvent.click(await screen.findByRole('checkbox', { name: /Leave out the totals row/ }));
    await userEvent.click(screen.getByTestId('upload-import'));
    const options = JSON.parse((await nextRequest(uploadPath)).field('options') as string) as UploadOptions;
    expect(options).toMatchObject({ skipRows: 2, headerRow: true, dropTotalsRow: false });
    expect(options.columns[1]).toEqual({
      name: 'anteil',
      header: 'Anteil',
      type: 'decimal',
      format: 'percent',
    });
  });

  it('previews without a header row when the author says there is none, in German', async () => {
    stubApi({});
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />, { language: 'de-DE' });
    await chooseFile(csvFile());
    (await nextRequest(previewPath)).answer(200, csvPreview());
    const sent = FakeXhr.sent.length;
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Die erste Zeile danach benennt die Spalten' }),
    );
    const again = await nextRequest(previewPath, sent);
    expect(again.field('headerRow')).toBe('false');
    expect(again.field('skipRows')).toBe('0');
    again.answer(200, csvPreview({ headerRow: false, headerRowNumber: null, rowNumbers: [1, 2] }));
    expect(await screen.findByText('Keine Kopfzeile: Die Spalten werden nummeriert')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Die erste Zeile danach benennt die Spalten' }),
    ).not.toBeChecked();
  });

  it('says when a file is over the limits', async () => {
    stubApi({});
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />);
    await chooseFile(csvFile());
    (await nextRequest(previewPath)).answer(200, csvPreview());
    await userEvent.click(await screen.findByTestId('upload-import'));
    (await nextRequest(uploadPath)).answer(413, {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file has more than 1,000,000 rows. Nothing was imported.',
      },
    });
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'The file is too large: The file has more than 1,000,000 rows.',
    );
  });

  it("names the row and column of a cell over the cell limit, in the reader's language", async () => {
    const tooLong = {
      error: {
        code: 'BAD_REQUEST',
        message:
          'Row 3, column "B": "yyy" is longer than the 32,767 characters a cell may hold. Nothing was imported.',
        detail: { row: 3, column: 'B', value: 'yyy', tooLong: { limit: 32_767 } },
      },
    };
    stubApi({});
    const english = await renderWithProviders(<UploadTableWizard sourceName="uploads" />);
    await chooseFile(csvFile());
    (await nextRequest(previewPath)).answer(400, tooLong);
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'Row 3, column B: the cell is longer than the 32,767 characters a cell may hold (as in Excel).',
    );
    english.unmount();
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />, { language: 'de-AT' });
    const sent = FakeXhr.sent.length;
    await chooseFile(csvFile());
    (await nextRequest(previewPath, sent)).answer(400, tooLong);
    // Austrian German groups digits with a (narrow) space.
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      /Zeile 3, Spalte B: Die Zelle ist länger als die 32\s767 Zeichen, die eine Zelle fassen kann \(wie in Excel\)\./,
    );
  });

  it('previews another sheet of a workbook and another value style again, in German', async () => {
    stubApi({});
    await renderWithProviders(<UploadTableWizard sourceName="uploads" />, { language: 'de-DE' });
    await chooseFile(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'Mappe.xlsx'));
    const workbook = csvPreview({
      fileKind: 'xlsx',
      separator: null,
      encoding: null,
      sheets: ['Notizen', 'Umsatz'],
      sheet: 'Notizen',
      valueStyle: 'en',
      suggestedTableName: 'mappe',
    });
    (await nextRequest(previewPath)).answer(200, workbook);
    expect(await screen.findByTestId('upload-detected')).toHaveTextContent(
      'Excel-Arbeitsmappe mit 2 Blättern',
    );

    const sent = FakeXhr.sent.length;
    await userEvent.click(screen.getByRole('combobox', { name: 'Blatt' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Umsatz' }));
    const again = await nextRequest(previewPath, sent);
    expect(again.field('sheet')).toBe('Umsatz');
    expect(again.field('valueStyle')).toBe('en');
    again.answer(200, { ...workbook, sheet: 'Umsatz' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Blatt' })).toHaveValue('Umsatz'));

    const before = FakeXhr.sent.length;
    await userEvent.click(screen.getByRole('radio', { name: '1.234,56 · 31.12.2026' }));
    const german = await nextRequest(previewPath, before);
    expect(german.field('valueStyle')).toBe('de');
    expect(german.field('sheet')).toBe('Umsatz');
  });
});

describe('uploaded tables list', () => {
  it('lists the tables with their columns and removes one after asking', async () => {
    let items = [
      {
        name: 'sales',
        columns: [
          { name: 'day', header: 'Day', type: 'date' },
          { name: 'amount', header: 'Amount', type: 'decimal' },
          { name: 'share', header: 'Share', type: 'decimal', format: 'percent' },
        ],
        rows: 1234567,
        updatedAt: '2026-11-25T10:00:00.000Z',
      },
    ];
    const calls = stubApi({
      [`GET ${tablesPath}`]: () => jsonResponse({ items }),
      [`DELETE ${pathOf(apiRoutes.removeUploadedTable, { name: 'uploads', table: 'sales' })}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderWithProviders(<UploadedTablesList sourceName="uploads" />);
    const row = await screen.findByTestId('uploaded-table-row');
    expect(within(row).getByText('sales')).toBeInTheDocument();
    expect(within(row).getByText('day: Date')).toBeInTheDocument();
    expect(within(row).getByText('amount: Number')).toBeInTheDocument();
    expect(within(row).getByText('share: Number (Percent)')).toBeInTheDocument();
    expect(within(row).getByText('1,234,567')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /sales/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sales?' });
    await userEvent.click(within(dialog).getByRole('button', { name: /Delete|Remove/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('No tables yet')).toBeInTheDocument();
  });
});
