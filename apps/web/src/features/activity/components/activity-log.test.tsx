import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ActivityEntry, apiRoutes } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ActivityLog } from './activity-log';

// Management → Activity against a stubbed API (decision 015): newest first as the server sends it, in
// the UI language, filtered by kind on the server, paged, an import opening up to its changes.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entries: ActivityEntry[] = [
  {
    id: 'a3',
    at: minutesAgo(2),
    actorName: 'Anna Admin',
    kind: 'catalogue',
    action: 'catalogue.imported',
    target: 'catalogue-2025-03-01.json',
    changes: [
      { object: 'item', name: 'kpi-glossary', title: 'KPI Glossary', change: 'changed' },
      { object: 'menu-group', name: 'markets', title: 'Markets', change: 'added' },
    ],
  },
  {
    id: 'a2',
    at: minutesAgo(90),
    actorName: 'Anna Admin',
    kind: 'catalogue',
    action: 'catalogue.item.removed',
    target: 'KPI Glossary',
  },
  {
    id: 'a1',
    at: minutesAgo(60 * 24 * 3),
    actorName: 'Anna Admin',
    kind: 'users',
    action: 'users.created',
    target: 'nina@example.com',
  },
];

function stubActivity() {
  return stubApi({
    [`GET ${apiRoutes.listActivity.path}`]: (call) => {
      const kind = call.search.get('kind');
      const items = kind ? entries.filter((entry) => entry.kind === kind) : entries;
      const page = Number(call.search.get('page') ?? 1);
      return jsonResponse({
        items: page === 1 ? items : [],
        total: kind ? items.length : 60,
        page,
        pageSize: 25,
      });
    },
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('activity log', () => {
  it('lists who did what to what and when, and opens an import up to its changes', async () => {
    stubActivity();
    await renderWithProviders(<ActivityLog />);
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('2 minutes ago')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Imported the catalogue')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Deleted a report')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('3 days ago')).toBeInTheDocument();

    const toggle = within(rows[0]!).getByRole('button', { name: '2 changes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('list', { name: /^Changes: Imported the catalogue, / });
    expect(within(rows[0]!).getByText('The whole catalogue')).toBeInTheDocument();
    expect(within(changes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(changes).getByText('Added')).toBeInTheDocument();
  });

  it('filters by kind on the server and pages', async () => {
    const calls = stubActivity();
    await renderWithProviders(<ActivityLog />, { language: 'de-DE' });
    await screen.findAllByTestId('activity-row');
    await userEvent.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() => expect(calls.some((call) => call.search.get('page') === '2')).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'Art' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Benutzer' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(screen.getByText('Benutzer angelegt')).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('kind')).toBe('users');
    expect(calls.at(-1)?.search.get('page')).toBe('1');
  });
});
