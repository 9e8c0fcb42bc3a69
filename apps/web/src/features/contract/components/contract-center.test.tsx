import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type Contract, type ContractOverview } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ContractCenter } from './contract-center';

// docs/product.md §D.3 Contract center against a stubbed management API.

const contract = (overrides: Partial<Contract>): Contract => ({
  id: 'c1',
  reference: 'RC-1',
  plan: 'basic',
  seats: 10,
  monthlyFeeCents: 49_000,
  currency: 'EUR',
  startsOn: '2024-01-01',
  endsOn: null,
  status: 'active',
  acceptedAt: null,
  acceptedByName: null,
  terms: 'Basic terms.',
  ...overrides,
});

function stubServer() {
  setToken('a.b.c');
  let overview: ContractOverview = {
    organisationName: 'Demo GmbH',
    current: contract({}),
    pending: contract({
      id: 'c2',
      reference: 'RC-2',
      plan: 'pro',
      seats: 25,
      monthlyFeeCents: 129_000,
      startsOn: '2025-03-01',
      status: 'pending',
      terms: 'Pro terms.',
    }),
    usage: { activeUsers: 3, basicUsers: 1, proUsers: 2 },
  };
  const accepted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === apiRoutes.getContract.path) return jsonResponse(overview);
      if (url.pathname === '/api/management/contract/c2/accept' && request.method === 'POST') {
        accepted.push('c2');
        overview = {
          ...overview,
          current: {
            ...overview.pending!,
            status: 'active',
            acceptedAt: '2025-02-01T09:00:00.000Z',
            acceptedByName: 'Anna Admin',
          },
          pending: null,
        };
        return jsonResponse(overview);
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return accepted;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('contract center', () => {
  it('shows the current contract with its use and the pending one; accepting asks first, then ends it', async () => {
    const accepted = stubServer();
    const onAccepted = vi.fn();
    await renderWithProviders(<ContractCenter onAccepted={onAccepted} />);
    const pending = await screen.findByTestId('pending-contract');
    expect(pending).toHaveTextContent('RC-2');
    expect(pending).toHaveTextContent('€1,290.00');
    expect(pending).toHaveTextContent('up to 25 users');
    const current = screen.getByTestId('current-contract');
    expect(current).toHaveTextContent('Current contract of Demo GmbH');
    expect(current).toHaveTextContent('3 of 10 users in use');

    await userEvent.click(within(pending).getByRole('button', { name: 'Accept contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept contract RC-2?' });
    expect(dialog).toHaveTextContent('replaces RC-1');
    expect(accepted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept contract' }));
    await waitFor(() => expect(screen.queryByTestId('pending-contract')).not.toBeInTheDocument());
    expect(accepted).toEqual(['c2']);
    expect(onAccepted).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('current-contract')).toHaveTextContent('Anna Admin');
  });
});
