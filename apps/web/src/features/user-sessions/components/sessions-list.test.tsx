import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSession } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { SessionsList } from './sessions-list';

// Security hardening: the settings page lists the user's sessions and ends them.

const sessions: UserSession[] = [
  {
    id: 'current-session',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    createdAt: '2025-03-01T08:00:00.000Z',
    lastActiveAt: '2025-03-02T09:30:00.000Z',
    current: true,
  },
  {
    id: 'phone-session',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
    createdAt: '2025-02-20T18:00:00.000Z',
    lastActiveAt: '2025-02-21T07:15:00.000Z',
    current: false,
  },
  {
    id: 'script-session',
    userAgent: '<img src=x onerror=alert(1)>',
    createdAt: '2025-02-01T10:00:00.000Z',
    lastActiveAt: '2025-02-01T10:00:00.000Z',
    current: false,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionsList', () => {
  it('shows each session with its device, times and the current one marked, without an end button for it', async () => {
    stubApi({ 'GET /api/user/sessions': () => jsonResponse({ sessions }) });
    await renderWithProviders(<SessionsList culture="en-GB" />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Last active 21 Feb 2025/)).toBeInTheDocument();
    // A user agent that is markup is just an unknown device.
    expect(within(rows[2]!).getByText('Unknown browser on unknown system')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('ends a session after the server confirmed it, and reloads the list', async () => {
    let remaining = sessions;
    const calls = stubApi({
      'GET /api/user/sessions': () => jsonResponse({ sessions: remaining }),
      'DELETE /api/user/sessions/phone-session': () => {
        remaining = sessions.filter((session) => session.id !== 'phone-session');
        return new Response(null, { status: 204 });
      },
    });
    await renderWithProviders(<SessionsList culture="de-DE" />, { language: 'de-DE' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sitzung von Safari unter iOS beenden' }),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/user/sessions/phone-session'),
    ).toBe(true);
  });

  it('keeps the session listed and says so when ending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubApi({
      'GET /api/user/sessions': () => jsonResponse({ sessions }),
      'DELETE /api/user/sessions/phone-session': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404),
    });
    await renderWithProviders(<SessionsList culture="en-GB" />);
    await userEvent.click(await screen.findByRole('button', { name: 'End the session of Safari on iOS' }));
    // The list is fetched again after the refusal and still shows the session.
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getAllByTestId('session-row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'End the session of Safari on iOS' })).toBeEnabled();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/user/sessions': () => jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500),
    });
    await renderWithProviders(<SessionsList culture="en-GB" />);
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
