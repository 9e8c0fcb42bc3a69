import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type RowRule, type SourceSchemaResponse } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { RowRulesSection } from './row-rules-section';

// Management → Data → a source's row rules (decision 044) against a stubbed API: the list, its empty
// state, adding a rule with the table and column picked from the source's schema, a refused save.

const rulesPath = pathOf(apiRoutes.listRowRules, { name: 'warehouse' });
const schemaPath = pathOf(apiRoutes.getDataSourceSchema, { name: 'warehouse' });
const schema: SourceSchemaResponse = {
  tables: [
    {
      schema: 'public',
      name: 'sales',
      columns: [
        { name: 'region', type: 'text' },
        { name: 'amount', type: 'integer' },
      ],
    },
    { schema: 'public', name: 'regions', columns: [{ name: 'manager', type: 'text' }] },
  ],
  truncated: false,
};
const rule: RowRule = {
  id: '5f0c7a3e-3c1b-4d7e-9a55-1f1f1f1f1f1f',
  schema: 'public',
  table: 'sales',
  column: 'region',
  attribute: 'region',
  administratorsSeeAll: true,
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('row rules of a source', () => {
  it('lists table, column, attribute and whether administrators see all rows', async () => {
    stubApi({
      [`GET ${rulesPath}`]: () =>
        jsonResponse({
          items: [
            rule,
            { ...rule, id: 'x', table: 'regions', column: 'manager', administratorsSeeAll: false },
          ],
        }),
    });
    await renderWithProviders(<RowRulesSection sourceName="warehouse" kind="postgres" />);
    const rows = await screen.findAllByTestId('row-rule-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('public.sales')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('See all rows')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Filtered too')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    stubApi({ [`GET ${rulesPath}`]: () => jsonResponse({ items: [] }) });
    await renderWithProviders(<RowRulesSection sourceName="warehouse" kind="postgres" />);
    expect(await screen.findByText('No row rules')).toBeInTheDocument();
  });

  it('adds a rule with the table and column picked from the schema, and shows a refused save', async () => {
    let answer = 409;
    const calls = stubApi({
      [`GET ${rulesPath}`]: () => jsonResponse({ items: [] }),
      [`GET ${schemaPath}`]: () => jsonResponse(schema),
      [`POST ${rulesPath}`]: (call) =>
        answer === 409
          ? jsonResponse({ error: { code: 'CONFLICT', message: 'taken' } }, 409)
          : jsonResponse({ ...rule, ...(call.body as object) }, 201),
    });
    await renderWithProviders(<RowRulesSection sourceName="warehouse" kind="postgres" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add row rule' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the form says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a table')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Table/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'public.sales' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Column/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'region' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /User attribute/ }), 'region');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Administrators see all rows' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This column of the table has a row rule already.'),
    ).toBeInTheDocument();

    answer = 201;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.filter((call) => call.method === 'POST').at(-1)!;
    expect(posted.body).toMatchObject({
      schema: 'public',
      table: 'sales',
      column: 'region',
      attribute: 'region',
      administratorsSeeAll: true,
    });
  });
});
