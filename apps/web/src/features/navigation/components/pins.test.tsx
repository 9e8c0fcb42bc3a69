import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type MenuResponse, type PinUpdate } from '@cockpit/contracts';
import { Toaster } from '../../../lib/toaster';
import { menuFixture } from '../../../testing/fixtures';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { useNavigationStore } from '../store/navigation-store';
import { MenuPanel } from './menu-panel';

// docs/product.md §4 Pin; navigation shell: optimistic update, rolled back with an error toast when the server refuses.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useNavigationStore.getState().reset();
});

/** A fake server that keeps pins, or refuses every pin change. */
function pinServer({ refuse }: { refuse: boolean }) {
  const pinned = new Set<string>();
  let releasePut: () => void = () => undefined;
  const putGate = new Promise<void>((resolve) => (releasePut = resolve));
  const calls = stubApi({
    [`GET ${apiRoutes.getMenu.path}`]: () => {
      const menu: MenuResponse = {
        groups: menuFixture.groups.map((group) => ({
          ...group,
          items: group.items.map((item) => ({ ...item, isPinned: pinned.has(item.name) })),
        })),
      };
      return jsonResponse(menu);
    },
    [`PUT ${apiRoutes.updatePin.path}`]: async (call) => {
      await putGate;
      const { name, isPinned, kind } = call.body as PinUpdate;
      if (refuse) return jsonResponse({ error: { code: 'NOT_FOUND', message: 'No report' } }, 404);
      if (isPinned) pinned.add(name);
      else pinned.delete(name);
      return jsonResponse({ kind, name, isPinned });
    },
  });
  return { calls, releasePut };
}

async function renderMenu() {
  await renderWithProviders(
    <>
      <MenuPanel />
      <Toaster />
    </>,
  );
  return screen.findByRole('button', { name: 'Pin Total view to favorites' });
}

describe('pins', () => {
  it('shows the pin at once and keeps it when the server agrees', async () => {
    const server = pinServer({ refuse: false });
    const star = await renderMenu();
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    // Optimistic: pinned before the server has answered.
    expect(await screen.findByRole('button', { name: 'Unpin Total view from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    server.releasePut();
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Unpin Total view from favorites' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      kind: 'report',
      name: 'totalviewlayout',
      isPinned: true,
    });
  });

  it('rolls the pin back and shows an error toast when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = pinServer({ refuse: true });
    const star = await renderMenu();
    await userEvent.click(star);
    expect(
      await screen.findByRole('button', { name: 'Unpin Total view from favorites' }),
    ).toBeInTheDocument();
    server.releasePut();
    expect(await screen.findByRole('button', { name: 'Pin Total view to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not pin');
    expect(toast).toHaveTextContent('“Total view” could not be saved. Please try again.');
    // The toast's close button (an icon only) is named.
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
