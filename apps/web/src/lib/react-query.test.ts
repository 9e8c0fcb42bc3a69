import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@cockpit/contracts';
import { jsonResponse } from '../testing/test-utils';
import { createApiClient } from './api-client';
import { createQueryClient } from './react-query';

// docs/product.md §7 "a failed call is retried once": once in total — the API client retries, the query cache not
// again (a GET failing with a 5xx used to be sent four times).

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function failingClient(status: number) {
  const fetchMock = vi.fn(async () =>
    jsonResponse({ error: { code: 'SERVICE_UNAVAILABLE', message: 'try later' } }, status),
  );
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getToken: async () => 'token',
    getClientParams: () => ({ isoLanguageName: 'en', cultureName: 'en-GB', currencySymbol: '€' }),
    onUnauthorized: () => undefined,
    retryDelayMs: 0,
    origin: () => 'http://localhost:3000',
  });
  return { client, fetchMock };
}

describe('the query client with the API client', () => {
  it('sends a query whose GET answers 503 twice in all', async () => {
    const { client, fetchMock } = failingClient(503);
    const queryClient = createQueryClient();
    await expect(
      queryClient.fetchQuery({ queryKey: ['menu'], queryFn: () => client.call(apiRoutes.getMenu) }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends a mutation whose POST answers 503 once', async () => {
    const { client, fetchMock } = failingClient(503);
    const queryClient = createQueryClient();
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => client.call(apiRoutes.recordRecent, { body: { kind: 'report', name: 'a' } }),
    });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
