import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { setTokenSource } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { TwoFactorPolicyCard } from './two-factor-policy-card';

// Decision 021: the administrator's switch "Require two-factor sign-in for everyone in the organisation".

const saved: unknown[] = [];

beforeEach(() => {
  saved.length = 0;
  setTokenSource({ waitForToken: () => Promise.resolve('a.b.c'), clearToken: () => undefined });
  let requireTwoFactor = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname !== apiRoutes.getTwoFactorPolicy.path)
        return jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
      if (request.method === 'PUT') {
        const body = (await request.json()) as { requireTwoFactor: boolean };
        saved.push(body.requireTwoFactor);
        requireTwoFactor = body.requireTwoFactor;
      }
      return jsonResponse({ requireTwoFactor });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TwoFactorPolicyCard', () => {
  it('shows the policy and saves a change', async () => {
    await renderWithProviders(<TwoFactorPolicyCard />);
    const toggle = await screen.findByRole('switch', {
      name: /^Require two-factor sign-in for everyone in the organisation/,
    });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await vi.waitFor(() => expect(saved).toEqual([true]));
    await vi.waitFor(() => expect(toggle).toBeChecked());
  });
});
