import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { Toaster } from '../../lib/toaster';
import { stubApi } from '../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../testing/test-utils';
import { useRecents } from './api/get-recents';
import { useRecordOpening } from './api/record-recent';
import { ClearRecents } from './components/clear-recents';

// Recently opened reports and dashboards (the reports home, docs/product.md §D.3 routes): opening a page
// records it once, the list is read again afterwards, and the settings page clears it.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Opened({ kind, name }: { kind: 'report' | 'dashboard'; name: string }) {
  useRecordOpening(kind, name);
  const recents = useRecents();
  return <span data-testid="count">{recents.data ? recents.data.items.length : '…'}</span>;
}

/** A page that first shows a report, then (button) a dashboard. */
function Switching() {
  const [dashboard, setDashboard] = useState(false);
  return (
    <>
      <Opened kind={dashboard ? 'dashboard' : 'report'} name={dashboard ? '101' : 'totalviewlayout'} />
      <button type="button" onClick={() => setDashboard(true)}>
        next
      </button>
    </>
  );
}

describe('useRecordOpening', () => {
  it('records the opened item once per page, then reads the recent items again', async () => {
    let stored = 0;
    const calls = stubApi({
      [`GET ${apiRoutes.listRecents.path}`]: () =>
        jsonResponse({
          items: Array.from({ length: stored }, (_, index) => ({
            kind: 'report',
            item: {
              name: `r${index}`,
              title: `R${index}`,
              subTitle: null,
              icon: null,
              path: `/reports/r${index}`,
              externalUrl: null,
              isActive: false,
              isPinned: false,
              leaveTitleUntranslated: false,
            },
            openedAt: new Date().toISOString(),
          })),
        }),
      [`POST ${apiRoutes.listRecents.path}`]: (call) => {
        stored += 1;
        return jsonResponse({ ...(call.body as object), openedAt: new Date().toISOString() });
      },
    });
    await renderWithProviders(<Switching />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    const posts = () => calls.filter((call) => call.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ kind: 'report', name: 'totalviewlayout' });

    // Another dashboard shown by the same page component: recorded too.
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.body).toMatchObject({ kind: 'dashboard', name: '101' });
  });

  it('an item the server does not know (404) is not an error to report', async () => {
    stubApi({
      [`GET ${apiRoutes.listRecents.path}`]: () => jsonResponse({ items: [] }),
      [`POST ${apiRoutes.listRecents.path}`]: () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'No report' } }, 404),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { queryClient } = await renderWithProviders(<Opened kind="report" name="no-such-report" />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    // Once the recording has its answer (the 404, thrown but not logged), nothing is left that could
    // still report an error.
    const recordings = () => queryClient.getMutationCache().findAll({ mutationKey: ['record-recent'] });
    await waitFor(() =>
      expect(recordings().map((mutation) => mutation.state.error)).toMatchObject([{ status: 404 }]),
    );
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('ClearRecents', () => {
  it('clears the recent items on the server and says so', async () => {
    const calls = stubApi({
      [`DELETE ${apiRoutes.listRecents.path}`]: () => new Response(null, { status: 204 }),
    });
    await renderWithProviders(
      <>
        <ClearRecents />
        <Toaster />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Recently opened' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear recent items' }));
    expect(await screen.findByText('Recent items cleared')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when the server refuses', async () => {
    stubApi({
      [`DELETE ${apiRoutes.listRecents.path}`]: () =>
        jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderWithProviders(
      <>
        <ClearRecents />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear recent items' }));
    expect(await screen.findByText('Recent items not cleared')).toBeInTheDocument();
  });
});
