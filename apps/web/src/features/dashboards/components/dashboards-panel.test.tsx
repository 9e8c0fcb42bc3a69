import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type DashboardsMenuResponse, type MenuItem } from '@cockpit/contracts';
import { type StubCall, stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { DashboardsPanel } from './dashboards-panel';

// docs/product.md §2 Side panel: dashboards — search box, accordion groups (several open at once), items that
// open a dashboard and can be pinned by layout id (optimistic, rolled back when the server refuses).

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (name: string, title: string, subTitle: string | null, isPinned = false): MenuItem => ({
  name,
  title,
  subTitle,
  icon: 'layout-dashboard',
  path: `/dashboards/${name}`,
  externalUrl: null,
  isActive: false,
  isPinned,
  leaveTitleUntranslated: false,
});

const menu: DashboardsMenuResponse = {
  groups: [
    {
      name: 'management',
      title: 'Geschäftsführung',
      icon: null,
      externalUrl: null,
      isActive: false,
      isExpanded: false,
      items: [item('101', 'Überblick', 'Umsatz und Marge'), item('102', 'Vertriebsleistung', 'Ziele', true)],
    },
    {
      name: 'operations',
      title: 'Betrieb',
      icon: null,
      externalUrl: null,
      isActive: false,
      isExpanded: false,
      items: [item('201', 'Logistik-Monitor', 'Bestände und Lieferungen')],
    },
  ],
};

function Harness() {
  const [term, setTerm] = useState('');
  return <DashboardsPanel searchTerm={term} onSearchTermChange={setTerm} />;
}

/**
 * The pins path is the real one (lib/pins.ts); `onPin` answers `PUT /api/navigation/pins`. By default
 * the server agrees and its menu shows the new pin afterwards.
 */
async function renderPanel(onPin?: (call: StubCall) => Response | Promise<Response>) {
  let served = menu;
  const agree = (call: StubCall) => {
    const { name, isPinned } = call.body as { name: string; isPinned: boolean };
    served = {
      groups: served.groups.map((group) => ({
        ...group,
        items: group.items.map((entry) => (entry.name === name ? { ...entry, isPinned } : entry)),
      })),
    };
    return jsonResponse(call.body);
  };
  const calls = stubApi({
    [`GET ${apiRoutes.getDashboardsMenu.path}`]: () => jsonResponse(served),
    [`PUT ${apiRoutes.updatePin.path}`]: onPin ?? agree,
  });
  const view = await renderWithProviders(<Harness />, { path: '/dashboards/102' });
  await screen.findByRole('link', { name: /Überblick/ });
  return { view, calls };
}

describe('DashboardsPanel', () => {
  it('shows every group open at once, items linking to their dashboards, the current one marked', async () => {
    await renderPanel();
    expect(screen.getByRole('button', { name: 'Geschäftsführung' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Betrieb' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Überblick/ })).toHaveAttribute('href', '/dashboards/101');
    expect(screen.getByRole('link', { name: /Vertriebsleistung/ })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Betrieb' }));
    expect(screen.getByRole('button', { name: 'Betrieb' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Geschäftsführung' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('searches titles and sub-titles without regard to case or accents', async () => {
    await renderPanel();
    const search = screen.getByRole('searchbox', { name: 'Search dashboards' });
    await userEvent.type(search, 'uberblick');
    expect(screen.getAllByTestId('dashboard-item').map((element) => element.dataset.name)).toEqual(['101']);
    await userEvent.clear(search);
    await userEvent.type(search, 'LIEFERUNG');
    expect(screen.getAllByTestId('dashboard-item').map((element) => element.dataset.name)).toEqual(['201']);
    await userEvent.clear(search);
    await userEvent.type(search, 'xyz');
    expect(screen.getByRole('status')).toHaveTextContent('No dashboard matches “xyz”.');
  });

  it('pins at once and keeps the pin when the server agrees', async () => {
    const { calls } = await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Pin Überblick to favorites' }));
    expect(await screen.findByRole('button', { name: 'Unpin Überblick from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        kind: 'dashboard',
        name: '101',
        isPinned: true,
      }),
    );
  });

  it('rolls the pin back when the server refuses', async () => {
    let refuse: (() => void) | undefined;
    const refused = new Promise<Response>((resolve) => {
      refuse = () => resolve(jsonResponse({ error: { code: 'NOT_FOUND', message: 'gone' } }, 404));
    });
    await renderPanel(() => refused);
    const item102 = screen
      .getAllByTestId('dashboard-item')
      .find((element) => element.dataset.name === '102')!;
    await userEvent.click(
      within(item102).getByRole('button', { name: 'Unpin Vertriebsleistung from favorites' }),
    );
    // Optimistic: unpinned before the server answers …
    expect(
      await within(item102).findByRole('button', { name: 'Pin Vertriebsleistung to favorites' }),
    ).toHaveAttribute('aria-pressed', 'false');
    // … and pinned again when the server refuses.
    act(() => refuse?.());
    expect(
      await within(item102).findByRole('button', { name: 'Unpin Vertriebsleistung from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
