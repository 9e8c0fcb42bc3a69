import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type ManagedUser, type UserAttributesImportResult } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { UserManagement } from './user-management';
import { previewCsv } from './attributes-import-dialog';

// User attributes in Management → Users (decision 027), against a stubbed management API: chips in the
// list, the edit dialog's attribute editor, and the CSV import with its preview and answer.

const max: ManagedUser = {
  id: 'max',
  name: 'Max Member',
  email: 'max@example.com',
  roleKey: 'organisationmember',
  subscription: 'pro',
  uiLanguage: 'en',
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  isSelf: false,
  attributes: { cost_centre: ['4711'], department: ['Sales'], region: ['North', 'South'] },
  attributesFromSingleSignOn: ['department'],
};

function stubServer(importAnswer?: UserAttributesImportResult) {
  setToken('a.b.c');
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body: unknown = request.method === 'GET' ? undefined : await request.json();
      calls.push({ method: request.method, path: url.pathname, body });
      if (url.pathname === apiRoutes.listUsers.path)
        return jsonResponse({ items: [max], total: 1, page: 1, pageSize: 25 });
      if (url.pathname === apiRoutes.importUserAttributes.path && importAnswer)
        return jsonResponse(importAnswer);
      if (url.pathname === '/api/management/users/max' && request.method === 'PATCH') {
        const { attributes } = body as { attributes: ManagedUser['attributes'] };
        return jsonResponse({ ...max, attributes: { ...attributes, department: ['Sales'] } });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return calls;
}

/** Mantine's FileInput: a button named by the label, beside the hidden file input the browser fills. */
function fileInput(dialog: HTMLElement): HTMLInputElement {
  expect(within(dialog).getByRole('button', { name: /CSV file/ })).toBeInTheDocument();
  return dialog.querySelector('input[type="file"]')!;
}

function csvFile(text: string) {
  return new File([text], 'attributes.csv', { type: 'text/csv' });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('user attributes in management', () => {
  it('shows each attribute as a compact chip in the list', async () => {
    stubServer();
    await renderWithProviders(<UserManagement />);
    const [row] = await screen.findAllByTestId('user-row');
    expect(within(row!).getByText('region: North, South')).toBeInTheDocument();
    expect(within(row!).getByText('cost_centre: 4711')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Attributes' })).toBeInTheDocument();
  });

  it('edits the attributes by keyboard: adds a key with values, removes one, keeps single sign-on keys', async () => {
    const calls = stubServer();
    await renderWithProviders(<UserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Max Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Max Member' });
    // The provider's key is shown, not editable.
    const sso = within(dialog).getByTestId('sso-attribute');
    expect(within(sso).getByText('department')).toBeInTheDocument();
    expect(within(sso).getByText('from single sign-on')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Remove attribute department' }),
    ).not.toBeInTheDocument();

    // An invalid key is refused next to the field; Enter does not save the dialog.
    const keyField = within(dialog).getByRole('textbox', { name: 'New attribute' });
    await userEvent.type(keyField, 'region{Enter}');
    expect(within(dialog).getByText(/not used yet/)).toBeInTheDocument();
    await userEvent.clear(keyField);
    await userEvent.type(keyField, 'team{Enter}');
    const values = within(dialog).getByLabelText('Values of team');
    await userEvent.type(values, 'Alpha{Enter}Beta{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove attribute cost_centre' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      attributes: { region: ['North', 'South'], team: ['Alpha', 'Beta'] },
    });
  });

  it('refuses to save an attribute without values', async () => {
    const calls = stubServer();
    await renderWithProviders(<UserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Max Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Max Member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New attribute' }), 'team{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Give at least one value/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('imports a CSV: previews the first rows, then shows the users updated and the unknown addresses', async () => {
    const calls = stubServer({ updated: 1, unknownEmails: ['stranger@example.com'], errors: [] });
    await renderWithProviders(<UserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import attributes (CSV)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import user attributes' });
    const csv = 'email,region\nmax@example.com,"North|South"\nstranger@example.com,West\n';
    await userEvent.upload(fileInput(dialog), csvFile(csv));
    const preview = await within(dialog).findByTestId('import-preview');
    expect(within(preview).getByRole('columnheader', { name: 'region' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'North|South' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('1 user updated')).toBeInTheDocument();
    expect(
      within(within(dialog).getByTestId('import-unknown')).getByText('stranger@example.com'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === apiRoutes.importUserAttributes.path)?.body).toMatchObject({
      csv,
    });
  });

  it('shows the errors of a refused import by row and column', async () => {
    stubServer({
      updated: 0,
      unknownEmails: [],
      errors: [
        { row: 3, column: 'email', message: 'Not an e-mail address' },
        { row: 5, column: '', message: 'The row has 2 cells; the header has 3' },
      ],
    });
    await renderWithProviders(<UserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Import attributes (CSV)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import user attributes' });
    await userEvent.upload(fileInput(dialog), csvFile('email,region,team\nx,North,A\n'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const errors = await within(dialog).findByTestId('import-errors');
    expect(within(errors).getByText('Row 3, column email: Not an e-mail address')).toBeInTheDocument();
    expect(within(errors).getByText('Row 5: The row has 2 cells; the header has 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing was imported. Please correct the file:')).toBeInTheDocument();
  });

  it("previews quoted cells and a German spreadsheet's semicolons", () => {
    expect(previewCsv('email,region\n"a@example.com","North, East"\n')).toEqual([
      ['email', 'region'],
      ['a@example.com', 'North, East'],
    ]);
    expect(previewCsv('\uFEFFemail;region\r\na@example.com;Süd\r\n')).toEqual([
      ['email', 'region'],
      ['a@example.com', 'Süd'],
    ]);
  });
});
