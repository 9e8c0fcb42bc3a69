import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportApiPaths, type DashboardsMenuResponse, type MenuItem } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import type { DashboardPinToggle } from '../hooks/use-dashboard-pin';
import { DashboardsPanel } from './dashboards-panel';

// spec §2 Side panel: dashboards — search box, accordion groups (several open at once), items that
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

function Harness({ onTogglePin }: { onTogglePin: DashboardPinToggle }) {
  const [term, setTerm] = useState('');
  return <DashboardsPanel searchTerm={term} onSearchTermChange={setTerm} onTogglePin={onTogglePin} />;
}

async function renderPanel(onTogglePin: DashboardPinToggle = vi.fn()) {
  stubApi({ [`GET ${reportApiPaths.dashboardsMenu}`]: () => jsonResponse(menu) });
  const view = await renderWithProviders(<Harness onTogglePin={onTogglePin} />, { path: '/dashboards/102' });
  await screen.findByRole('link', { name: /Überblick/ });
  return view;
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
    const onTogglePin = vi.fn<DashboardPinToggle>();
    await renderPanel(onTogglePin);
    await userEvent.click(screen.getByRole('button', { name: 'Pin Überblick to favorites' }));
    expect(screen.getByRole('button', { name: 'Unpin Überblick from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(onTogglePin).toHaveBeenCalledWith(
      expect.objectContaining({ name: '101' }),
      true,
      expect.anything(),
    );
  });

  it('rolls the pin back when the server refuses', async () => {
    let refuse: (() => void) | undefined;
    const onTogglePin = vi.fn<DashboardPinToggle>((_item, _isPinned, { onError }) => {
      refuse = onError;
    });
    await renderPanel(onTogglePin);
    const item102 = screen
      .getAllByTestId('dashboard-item')
      .find((element) => element.dataset.name === '102')!;
    await userEvent.click(
      within(item102).getByRole('button', { name: 'Unpin Vertriebsleistung from favorites' }),
    );
    expect(onTogglePin).toHaveBeenCalledWith(
      expect.objectContaining({ name: '102' }),
      false,
      expect.anything(),
    );
    // Optimistic: unpinned at once …
    expect(
      within(item102).getByRole('button', { name: 'Pin Vertriebsleistung to favorites' }),
    ).toHaveAttribute('aria-pressed', 'false');
    // … and pinned again when the server refuses.
    act(() => refuse?.());
    // The query cache notifies its observers asynchronously.
    expect(
      await within(item102).findByRole('button', { name: 'Unpin Vertriebsleistung from favorites' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
