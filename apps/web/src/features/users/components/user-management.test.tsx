import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type ManagedUser } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { UserManagement } from './user-management';

// Management area: Users against a stubbed management API: list and search, create (with the server's 409),
// deactivate after confirming.

const user = (id: string, name: string, overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  name,
  email: `${id}@example.com`,
  roleKey: 'organisationmember',
  subscription: 'basic',
  uiLanguage: 'en',
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  isSelf: false,
  attributes: {},
  attributesFromSingleSignOn: [],
  ...overrides,
});

function stubServer() {
  setToken('a.b.c');
  const users = [
    user('anna', 'Anna Admin', { isSelf: true, roleKey: 'organisationadministrator' }),
    user('max', 'Max Member'),
  ];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body: unknown = request.method === 'GET' ? undefined : await request.json();
      calls.push({ method: request.method, path: url.pathname + url.search, body });
      if (url.pathname === apiRoutes.listUsers.path && request.method === 'GET') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const items = users.filter((u) => u.name.toLowerCase().includes(search) || u.email.includes(search));
        return jsonResponse({ items, total: items.length, page: 1, pageSize: 25 });
      }
      if (url.pathname === apiRoutes.listUsers.path && request.method === 'POST') {
        const input = body as { email: string; name: string };
        if (input.email === 'max@example.com')
          return jsonResponse({ error: { code: 'CONFLICT', message: 'taken' } }, 409);
        const created = user(input.email.split('@')[0]!, input.name);
        users.push(created);
        return jsonResponse(created, 201);
      }
      const deactivation = /^\/api\/management\/users\/([^/]+)\/deactivate$/.exec(url.pathname);
      if (deactivation) {
        const target = users.find((u) => u.id === deactivation[1])!;
        target.active = false;
        return jsonResponse(target);
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return calls;
}

/** Types a whole value at once (per-key typing re-renders the dialog for every character). */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('user management', () => {
  it('lists the users; the administrator themself can be edited but not deactivated', async () => {
    stubServer();
    await renderWithProviders(<UserManagement />);
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    // Edit stays visible; the other actions are behind "⋯" (none for oneself).
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Anna Admin' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'More actions for Max Member' }));
    expect(await screen.findByRole('menuitem', { name: 'Deactivate Max Member' })).toBeInTheDocument();
    expect(
      screen.getByRole('menuitem', { name: 'Set a one-time password for Max Member' }),
    ).toBeInTheDocument();
  });

  it('searches on the server and says when nothing matches', async () => {
    const calls = stubServer();
    await renderWithProviders(<UserManagement />);
    await screen.findAllByTestId('user-row');
    await fill(screen.getByLabelText('Search users'), 'zz');
    expect(await screen.findByText('No user matches “zz”.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('search=zz'))).toBe(true);
  });

  it('creates a user: checks the input first, reports a taken e-mail next to the field', async () => {
    const calls = stubServer();
    await renderWithProviders(<UserManagement />);
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(
      within(dialog).getByText('Please enter a name (at most 100 characters, no line breaks).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The password needs 12 to 128 characters.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await fill(within(dialog).getByRole('textbox', { name: 'Name' }), 'Max Again');
    await fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'max@example.com');
    await fill(within(dialog).getByLabelText(/Initial password/), 'a-long-password-1');
    // Fixed fields lose their error at once.
    expect(within(dialog).queryByText('The password needs 12 to 128 characters.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    // Never "already exists": the same answer whether the address is in this organisation or another one.
    expect(
      await within(dialog).findByText(/^This e-mail address cannot be used for a new user\./),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'E-mail' }));
    await fill(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'nina@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    // The initial password is shown once, with a Copy button, then the dialog closes.
    const shown = await screen.findByTestId('one-time-password-shown');
    expect(within(shown).getByLabelText('One-time password')).toHaveValue('a-long-password-1');
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({
      name: 'Max Again',
      email: 'nina@example.com',
      password: 'a-long-password-1',
      roleKey: 'organisationmember',
      subscription: 'basic',
      uiLanguage: 'en',
    });
    expect(await screen.findByText('nina@example.com')).toBeInTheDocument();
  });

  it('deactivates only after confirming', async () => {
    const calls = stubServer();
    await renderWithProviders(<UserManagement />);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Max Member' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate Max Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Max Member?' });
    expect(calls.some((call) => call.path.endsWith('/deactivate'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/management/users/max/deactivate')).toBe(true),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Max Member' }));
    expect(await screen.findByRole('menuitem', { name: 'Reactivate Max Member' })).toBeInTheDocument();
  });
});
