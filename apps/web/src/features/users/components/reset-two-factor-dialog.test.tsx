import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type ManagedUser } from '@cockpit/contracts';
import { setTokenSource } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/test-utils';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';

// Decision 021: Management → Users → "Reset two-factor" of one user, after a confirmation.

const user: ManagedUser = {
  id: 'user-7',
  name: 'Max Member',
  email: 'member@example.com',
  roleKey: 'organisationmember',
  subscription: 'pro',
  uiLanguage: 'en',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  isSelf: false,
} as ManagedUser;

const posted: string[] = [];

beforeEach(() => {
  posted.length = 0;
  setTokenSource({ waitForToken: () => Promise.resolve('a.b.c'), clearToken: () => undefined });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      posted.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResetTwoFactorDialog', () => {
  it('asks first, then resets the user’s second factor and closes', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<ResetTwoFactorDialog user={user} onClose={onClose} />);
    expect(await screen.findByText('Reset two-factor sign-in of Max Member?')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    await vi.waitFor(() =>
      expect(posted).toEqual([`POST ${pathOf(apiRoutes.resetUserTwoFactor, { id: 'user-7' })}`]),
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
