import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import en from '@cockpit/contracts/locales/en.json' with { type: 'json' };
import deDE from '@cockpit/contracts/locales/de-DE.json' with { type: 'json' };
import deAT from '@cockpit/contracts/locales/de-AT.json' with { type: 'json' };
import type { UiLanguageName } from '@cockpit/contracts';
import { theme } from '../app/theme';
import { createI18n } from '../lib/i18n';

/** The real texts, inline (docs/tools.md: the HTTP backend hangs jsdom). */
export const testResources = { en, 'de-DE': deDE, 'de-AT': deAT } as Record<
  UiLanguageName,
  Record<string, string>
>;

export function createTestI18n(language: UiLanguageName = 'en'): Promise<I18n> {
  return createI18n({ language, resources: testResources, warnOnMissing: false });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

type Providers = { i18n: I18n; queryClient?: QueryClient };

export function TestProviders({ i18n, queryClient, children }: Providers & { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders a component inside the app's providers and a memory router at `path`. */
export async function renderWithProviders(
  ui: ReactElement,
  options: {
    path?: string;
    routes?: RouteObject[];
    language?: UiLanguageName;
    queryClient?: QueryClient;
  } = {},
) {
  const i18n = await createTestI18n(options.language);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <TestProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, i18n, queryClient };
}

/** A JSON `Response` as the server would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
