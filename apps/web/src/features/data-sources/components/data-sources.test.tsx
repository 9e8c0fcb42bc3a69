import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type DataSourceTestResponse, type ManagedDataSource } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { DataSourcePage } from './data-source-page';
import { DataSourcesList } from './data-sources-list';

// Management → Data, the data sources (decision 027) against a stubbed API: the list, the form's checks
// and its password rule, the delete refused while definitions read a source, and "Test connection".

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to `document.fonts`.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const warehouse: ManagedDataSource = {
  name: 'warehouse',
  title: { en: 'Warehouse', de: 'Lager' },
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
  definitions: ['revenue-by-region'],
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const imported: ManagedDataSource = {
  ...warehouse,
  name: 'crm',
  title: { en: 'CRM' },
  kind: 'mysql',
  connection: { ...warehouse.connection!, host: 'crm.example.com', port: 3306, database: 'crm' },
  needsPassword: true,
  definitions: [],
};

const links = { sourceHref: (name: string) => `/s/${name}`, definitionHref: (name: string) => `/d/${name}` };
const listPath = apiRoutes.listDataSources.path;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('data sources list', () => {
  it('lists name, kind, where, the missing password and the definitions that read each', async () => {
    stubApi({ [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse, imported] }) });
    await renderWithProviders(<DataSourcesList {...links} />);
    const rows = await screen.findAllByTestId('data-source-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Warehouse' })).toHaveAttribute('href', '/s/warehouse');
    expect(within(rows[0]!).getByText('db.example.com:5432/sales')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'revenue-by-region' })).toHaveAttribute(
      'href',
      '/d/revenue-by-region',
    );
    expect(within(rows[0]!).queryByText('Needs password')).toBeNull();
    expect(within(rows[1]!).getByText('MySQL / MariaDB')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Needs password')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    stubApi({ [`GET ${listPath}`]: () => jsonResponse({ items: [] }) });
    await renderWithProviders(<DataSourcesList {...links} />);
    expect(await screen.findByText('No data sources')).toBeInTheDocument();
  });

  it('checks a new database before saving, with MySQL’s port, and sends the password', async () => {
    const calls = stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [] }),
      [`POST ${listPath}`]: (call) =>
        jsonResponse({ ...warehouse, ...(call.body as object), definitions: [] }, 201),
    });
    await renderWithProviders(<DataSourcesList {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add database' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a database' });
    expect(within(dialog).getByText('Required. Stored sealed; it is never shown again.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter an English title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a host name or an IP address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the password.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'MySQL / MariaDB' }));
    expect(within(dialog).getByRole('textbox', { name: 'Port' })).toHaveValue('3306');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title (English)' }), 'Shop');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'shop');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Host' }), '127.0.0.1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Database' }), 'test');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'User' }), 'root');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'pw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toMatchObject({
      name: 'shop',
      title: { en: 'Shop' },
      kind: 'mysql',
      password: 'pw',
      connection: {
        host: '127.0.0.1',
        port: 3306,
        database: 'test',
        user: 'root',
        tls: 'off',
        poolSize: 5,
        statementTimeoutSeconds: 30,
        rowLimit: 100_000,
      },
    });
  });

  it('tests a new database’s connection before it is saved and shows a wrong password’s error', async () => {
    const calls = stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [] }),
      [`POST ${apiRoutes.testUnsavedDataSource.path}`]: () =>
        jsonResponse({
          ok: false,
          message: "Access denied for user 'root'@'127.0.0.1' (using password: YES)",
          refusedPrivileges: [],
          readOnlySession: false,
          accountCanWrite: false,
          serverVersion: null,
          milliseconds: 12,
          schema: null,
        }),
    });
    await renderWithProviders(<DataSourcesList {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add database' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a database' });
    const test = within(dialog).getByRole('button', { name: 'Test connection' });
    // Nothing to test before host, database, user and password are there.
    expect(test).toBeDisabled();
    expect(
      within(dialog).getByText('Enter host, port, database, user and password to test the connection.'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'MySQL / MariaDB' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Host' }), '127.0.0.1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Database' }), 'test');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'User' }), 'root');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    expect(test).toBeEnabled();
    await userEvent.click(test);

    expect(await within(dialog).findByTestId('test-message')).toHaveTextContent(
      "Access denied for user 'root'",
    );
    const tested = calls.find((call) => call.method === 'POST');
    expect(tested?.path).toBe(apiRoutes.testUnsavedDataSource.path);
    expect(tested?.body).toMatchObject({
      kind: 'mysql',
      password: 'wrong',
      connection: { host: '127.0.0.1', port: 3306, database: 'test', user: 'root' },
    });
    // Still unsaved: the dialog is open and nothing was created.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === listPath)).toHaveLength(0);
  });

  it('asks for the password again when TLS gets weaker, not when it gets stronger', async () => {
    const calls = stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse] }),
      [`PUT ${pathOf(apiRoutes.updateDataSource, { name: 'warehouse' })}`]: () => jsonResponse(warehouse),
    });
    await renderWithProviders(<DataSourcesList {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change data source warehouse' });
    const password = within(dialog).getByLabelText(/^Password/);
    expect(password).not.toBeRequired();

    // Stored: required (certificate not checked). Off would send the stored password in clear text.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'TLS' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Off (plain connection)' }));
    expect(
      within(dialog).getByText(
        'TLS weakened or its certificate authority changed: enter the password again.',
      ),
    ).toBeInTheDocument();
    expect(password).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the password.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'TLS' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Verified against a certificate authority' }),
    );
    expect(password).not.toBeRequired();
  });

  it('keeps the stored password while host, port, database and user stay, and asks for it when one changes', async () => {
    const calls = stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse] }),
      [`PUT ${pathOf(apiRoutes.updateDataSource, { name: 'warehouse' })}`]: () => jsonResponse(warehouse),
    });
    await renderWithProviders(<DataSourcesList {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change data source warehouse' });
    expect(
      within(dialog).getByText(
        'Leave empty to keep the stored password — only while host, port, database and user stay unchanged.',
      ),
    ).toBeInTheDocument();

    const host = within(dialog).getByRole('textbox', { name: 'Host' });
    await userEvent.clear(host);
    await userEvent.type(host, 'replica.example.com');
    expect(
      within(dialog).getByText('Host, port, database or user changed: enter the password again.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the password.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(host);
    await userEvent.type(host, 'db.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('password');
  });

  it('says which definitions still read a source when the server refuses to delete it', async () => {
    stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse] }),
      [`DELETE ${pathOf(apiRoutes.deleteDataSource, { name: 'warehouse' })}`]: () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'in use' } }, 409),
    });
    await renderWithProviders(<DataSourcesList {...links} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data source warehouse?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This data source is still read by these report definitions: revenue-by-region. Delete or move them first.',
      ),
    ).toBeInTheDocument();
  });
});

describe('data source page', () => {
  const testPath = pathOf(apiRoutes.testDataSource, { name: 'warehouse' });
  const schemaPath = pathOf(apiRoutes.getDataSourceSchema, { name: 'warehouse' });
  const schema = {
    tables: [
      {
        schema: 'public',
        name: 'sales',
        columns: [
          { name: 'region', type: 'text' },
          { name: 'amount', type: 'numeric' },
        ],
      },
    ],
    truncated: false,
  };

  it('tests the connection: version, read-only proof, and the recipe when the account could write', async () => {
    const answer: DataSourceTestResponse = {
      ok: true,
      message: null,
      readOnlySession: true,
      accountCanWrite: true,
      serverVersion: 'PostgreSQL 17.2',
      milliseconds: 12,
      schema,
    };
    stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse] }),
      [`GET ${schemaPath}`]: () => jsonResponse(schema),
      [`POST ${testPath}`]: () => jsonResponse(answer),
    });
    await renderWithProviders(
      <DataSourcePage name="warehouse" dataHref="/data" definitionHref={links.definitionHref} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Server version: PostgreSQL 17.2')).toBeInTheDocument();
    expect(screen.getByText('Read-only proven: the session refused a write.')).toBeInTheDocument();
    const warning = screen.getByTestId('account-can-write');
    expect(within(warning).getByText('This account could change data')).toBeInTheDocument();
    expect(within(warning).getByText(/GRANT SELECT ON ALL TABLES/)).toBeInTheDocument();

    // The tables, each opening to its columns.
    await userEvent.click(screen.getByRole('button', { name: /public\.sales/ }));
    expect(await screen.findByText('amount')).toBeInTheDocument();
    expect(screen.getByText('numeric')).toBeInTheDocument();
  });

  it.each([
    ['en', 'This account is refused', /privileges a reporting account must not have: FILE, GRANT OPTION\./],
    [
      'de-DE',
      'Dieses Konto wird abgewiesen',
      /Rechte, die ein Konto für Berichte nicht haben darf: FILE, GRANT OPTION\./,
    ],
  ] as const)(
    'names the privileges an account is refused for, with the read-only recipe (%s)',
    async (language, title, text) => {
      stubApi({
        [`GET ${listPath}`]: () => jsonResponse({ items: [{ ...warehouse, kind: 'mysql' }] }),
        [`GET ${schemaPath}`]: () => jsonResponse({ tables: [], truncated: false }),
        [`POST ${testPath}`]: () =>
          jsonResponse({
            ok: false,
            message: 'the account has privileges a reporting account must not have: FILE, GRANT OPTION',
            refusedPrivileges: ['FILE', 'GRANT OPTION'],
            readOnlySession: false,
            accountCanWrite: false,
            serverVersion: null,
            milliseconds: 20,
            schema: null,
          }),
      });
      await renderWithProviders(
        <DataSourcePage name="warehouse" dataHref="/data" definitionHref={links.definitionHref} />,
        {
          language,
        },
      );
      await userEvent.click(
        await screen.findByRole('button', {
          name: language === 'en' ? 'Test connection' : 'Verbindung testen',
        }),
      );
      const refused = await screen.findByTestId('account-refused');
      expect(within(refused).getByText(title)).toBeInTheDocument();
      expect(within(refused).getByText(text)).toBeInTheDocument();
      expect(within(refused).getByText(/GRANT SELECT ON <database>\.\*/)).toBeInTheDocument();
      expect(screen.queryByTestId('test-message')).toBeNull();
    },
  );

  it("shows the database's own message when the connection fails", async () => {
    stubApi({
      [`GET ${listPath}`]: () => jsonResponse({ items: [warehouse] }),
      [`GET ${schemaPath}`]: () => jsonResponse({ tables: [], truncated: false }),
      [`POST ${testPath}`]: () =>
        jsonResponse({
          ok: false,
          message: 'password authentication failed for user "reader"',
          readOnlySession: false,
          accountCanWrite: false,
          serverVersion: null,
          milliseconds: 40,
          schema: null,
        }),
    });
    await renderWithProviders(
      <DataSourcePage name="warehouse" dataHref="/data" definitionHref={links.definitionHref} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The connection failed. The database says:')).toBeInTheDocument();
    expect(screen.getByTestId('test-message')).toHaveTextContent(
      'password authentication failed for user "reader"',
    );
  });
});
