import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/test-utils';
import { QueryTable } from './query-table';

type Page = { items: string[]; total: number };

/** A list whose answers a test controls: `answers` are taken one per fetch (an Error fails the fetch). */
function List({ answers }: { answers: Array<Page | Error> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['query-table-test', page],
    queryFn: async () => {
      const answer = answers.shift() ?? new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return (
    <QueryTable
      query={query}
      items={(data) => data.items}
      empty={{ icon: 'search', headline: 'Nobody here', text: 'Invite someone.' }}
      columns={['Name', { label: 'Actions', hidden: true }]}
      renderRow={(name) => (
        <Table.Tr key={name} data-testid="row">
          <Table.Td>{name}</Table.Td>
          <Table.Td />
        </Table.Tr>
      )}
      minWidth={400}
      caption={(data) => `${data.total} people`}
      pages={(data) => ({ total: Math.ceil(data.total / 2), page, onChange: setPage })}
      data-testid="people"
    />
  );
}

// The management screens' one list scaffold: loading, error with retry, empty, table with pages.
describe('QueryTable', () => {
  it('shows a loader, then the table with its caption, hidden actions header and pages', async () => {
    await renderWithProviders(
      <List
        answers={[
          { items: ['Ada', 'Max'], total: 3 },
          { items: ['Nina'], total: 3 },
        ]}
      />,
    );
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    const table = await screen.findByTestId('people');
    expect(within(table).getByText('3 people')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(screen.getAllByTestId('row').map((row) => row.textContent)).toEqual(['Ada', 'Max']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Nina')).toBeInTheDocument();
  });

  it('shows the error tile with a retry that asks again', async () => {
    await renderWithProviders(<List answers={[new Error('down'), { items: ['Ada'], total: 1 }]} />);
    expect(await screen.findByRole('heading', { name: 'Error has occured' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('shows the empty tile when there are no rows', async () => {
    await renderWithProviders(<List answers={[{ items: [], total: 0 }]} />);
    expect(await screen.findByRole('heading', { name: 'Nobody here' })).toBeInTheDocument();
    expect(screen.getByText('Invite someone.')).toBeInTheDocument();
    expect(screen.queryByTestId('people')).toBeNull();
  });
});
