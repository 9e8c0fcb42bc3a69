import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  apiRoutes,
  isGermanLanguage,
  type BannerMessageItem,
  type ContractMessageResponse,
} from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { MessageArea, useMessageAreaSettled } from './message-area';
import { collapsedNoticeKey } from './new-contract-notice';

// docs/product.md §2 Message banner and New-contract notice, §4 Banner, §6, §7 message service; docs/product.md §D.3
// (fetch when the language is known and when it changes), against a stubbed server.

const welcome = (language: 'en' | 'de'): BannerMessageItem => ({
  id: 'm1',
  title: language === 'en' ? 'Welcome' : 'Willkommen',
  body: language === 'en' ? 'Something new.' : 'Etwas Neues.',
  action: { label: null, type: 'close', href: null },
  secondaryAction: {
    label: language === 'en' ? 'Open settings' : 'Einstellungen öffnen',
    type: 'link',
    href: '/settings',
  },
});

type Stub = {
  current: (language: string) => BannerMessageItem | null;
  contract?: ContractMessageResponse;
};

function stubServer(stub: Stub) {
  setToken('a.b.c');
  const requests: string[] = [];
  const dismissed = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === apiRoutes.getCurrentMessage.path) {
        const item = stub.current(url.searchParams.get('uiLanguageName') ?? '');
        return jsonResponse(
          item && !dismissed.has(item.id) ? { success: true, item } : { success: false, item: null },
        );
      }
      if (url.pathname === apiRoutes.getContractMessage.path)
        return jsonResponse(stub.contract ?? { available: false, item: null });
      const dismissal = /^\/api\/messages\/([^/]+)\/dismissal$/.exec(url.pathname);
      if (dismissal?.[1] && request.method === 'POST') {
        dismissed.add(decodeURIComponent(dismissal[1]));
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return requests;
}

function renderArea(roleKey: 'organisationadministrator' | 'organisationmember' = 'organisationmember') {
  return renderWithProviders(<MessageArea roleKey={roleKey} />, {
    routes: [
      { path: '/', element: <MessageArea roleKey={roleKey} /> },
      { path: '/settings', element: <p>Settings page</p> },
      { path: '/management/administrator/contractcenter', element: <p>Contract center page</p> },
    ],
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('message banner', () => {
  it('shows nothing while there is no message', async () => {
    const requests = stubServer({ current: () => null });
    await renderArea();
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.startsWith(`GET ${apiRoutes.getCurrentMessage.path}?`) && r.includes('uiLanguageName=en'),
        ),
      ).toBe(true),
    );
    expect(screen.queryByTestId('message-banner')).not.toBeInTheDocument();
  });

  it('shows the card with the default primary label; closing removes it and tells the server', async () => {
    const requests = stubServer({ current: (language) => welcome(isGermanLanguage(language) ? 'de' : 'en') });
    await renderArea();
    const card = await screen.findByRole('article', { name: 'Welcome' });
    expect(card).toHaveTextContent('Something new.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('message-banner')).not.toBeInTheDocument();
    await waitFor(() => expect(requests).toContain('POST /api/messages/m1/dismissal'));
    // The banner asks again afterwards (the next message would take its place); m1 stays closed.
    await waitFor(() =>
      expect(requests.filter((r) => r.startsWith(`GET ${apiRoutes.getCurrentMessage.path}`))).toHaveLength(2),
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('fetches again when the UI language changes; the same id replaces its card', async () => {
    const requests = stubServer({ current: (language) => welcome(isGermanLanguage(language) ? 'de' : 'en') });
    const { i18n } = await renderArea();
    await screen.findByRole('article', { name: 'Welcome' });
    await act(() => i18n.changeLanguage('de-AT'));
    expect(await screen.findByRole('article', { name: 'Willkommen' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(requests.some((r) => r.includes('uiLanguageName=de-AT'))).toBe(true);
  });

  it('a link button opens its path in the app and closes the card', async () => {
    const requests = stubServer({ current: () => welcome('en') });
    const { router } = await renderArea();
    await userEvent.click(await screen.findByRole('button', { name: 'Open settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    await waitFor(() => expect(requests).toContain('POST /api/messages/m1/dismissal'));
  });

  it('never follows an unsafe link that slipped into stored data: the button only closes', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const message = {
      ...welcome('en'),
      secondaryAction: { label: 'Sneaky', type: 'link' as const, href: 'javascript:alert(1)' },
    };
    stubServer({ current: () => message });
    const { router } = await renderArea();
    await userEvent.click(await screen.findByRole('button', { name: 'Sneaky' }));
    expect(open).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a web address opens in a new tab without access to this page', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const message = {
      ...welcome('en'),
      action: { label: 'Read more', type: 'link' as const, href: 'https://example.com/news' },
    };
    stubServer({ current: () => message });
    await renderArea();
    await userEvent.click(await screen.findByRole('button', { name: 'Read more' }));
    expect(open).toHaveBeenCalledWith('https://example.com/news', '_blank', 'noopener,noreferrer');
  });
});

describe('new-contract notice', () => {
  const pending: ContractMessageResponse = {
    available: true,
    item: { id: 'c2', reference: 'RC-2025-0342', startsOn: '2025-03-01' },
  };

  it('shows an administrator the notice with a way to the contract center', async () => {
    stubServer({ current: () => null, contract: pending });
    const { router } = await renderArea('organisationadministrator');
    const notice = await screen.findByTestId('new-contract-notice');
    expect(notice).toHaveTextContent('RC-2025-0342');
    await userEvent.click(screen.getByRole('link', { name: 'Open the contract center' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/management/administrator/contractcenter'),
    );
  });

  it('folds to one line once read, remembered for this contract; it stays for administrators', async () => {
    stubServer({ current: () => null, contract: pending });
    localStorage.removeItem(collapsedNoticeKey('RC-2025-0342'));
    await renderArea('organisationadministrator');
    const notice = await screen.findByTestId('new-contract-notice');
    await userEvent.click(within(notice).getByRole('button', { name: 'Show less' }));
    const folded = await screen.findByTestId('new-contract-notice');
    expect(folded).toHaveAttribute('data-collapsed');
    expect(folded).toHaveTextContent('New contract RC-2025-0342 is waiting for your acceptance.');
    expect(within(folded).getByRole('link', { name: 'Open the contract center' })).toBeInTheDocument();
    expect(localStorage.getItem(collapsedNoticeKey('RC-2025-0342'))).toBe('1');
    await userEvent.click(within(folded).getByRole('button', { name: 'Show the whole notice' }));
    expect(await screen.findByRole('button', { name: 'Show less' })).toBeInTheDocument();
    expect(localStorage.getItem(collapsedNoticeKey('RC-2025-0342'))).toBeNull();
  });

  it('is not shown when no contract message is available', async () => {
    const requests = stubServer({ current: () => null, contract: { available: false, item: null } });
    await renderArea('organisationadministrator');
    await waitFor(() =>
      expect(requests.some((r) => r.startsWith(`GET ${apiRoutes.getContractMessage.path}`))).toBe(true),
    );
    expect(screen.queryByTestId('new-contract-notice')).not.toBeInTheDocument();
  });

  it('other roles never even ask for it (docs/product.md §6)', async () => {
    const requests = stubServer({ current: () => null, contract: pending });
    await renderArea('organisationmember');
    await waitFor(() =>
      expect(requests.some((r) => r.startsWith(`GET ${apiRoutes.getCurrentMessage.path}`))).toBe(true),
    );
    expect(requests.some((r) => r.startsWith(`GET ${apiRoutes.getContractMessage.path}`))).toBe(false);
    expect(screen.queryByTestId('new-contract-notice')).not.toBeInTheDocument();
  });
});

/** Shows whether the page below the message area may be drawn yet (decision 016: no layout shift). */
function SettledProbe({
  roleKey,
  settingsSettled,
}: {
  roleKey: 'organisationadministrator' | 'organisationmember' | undefined;
  settingsSettled: boolean;
}) {
  return <p>{useMessageAreaSettled(roleKey, settingsSettled) ? 'page may show' : 'page waits'}</p>;
}

describe('the page waits for the message area', () => {
  it('until the banner message has answered, so a card never pushes the page down', async () => {
    let answer: (response: Response) => void = () => undefined;
    setToken('a.b.c');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await renderWithProviders(<SettledProbe roleKey="organisationmember" settingsSettled />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByText('page waits')).toBeInTheDocument();
    await act(async () => answer(jsonResponse({ success: true, item: welcome('en') })));
    expect(await screen.findByText('page may show')).toBeInTheDocument();
  });

  it('not before the settings have answered', async () => {
    stubServer({ current: () => null });
    await renderWithProviders(<SettledProbe roleKey={undefined} settingsSettled={false} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('page waits')).toBeInTheDocument();
  });

  it('also when the banner message fails', async () => {
    setToken('a.b.c');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'BAD_REQUEST', message: 'x' } }, 400)),
    );
    await renderWithProviders(<SettledProbe roleKey="organisationmember" settingsSettled />);
    expect(await screen.findByText('page may show')).toBeInTheDocument();
  });

  it('for an administrator, until the contract notice has answered too', async () => {
    const requests = stubServer({ current: () => null, contract: { available: false, item: null } });
    await renderWithProviders(<SettledProbe roleKey="organisationadministrator" settingsSettled />);
    expect(await screen.findByText('page may show')).toBeInTheDocument();
    expect(requests.some((request) => request.includes(apiRoutes.getContractMessage.path))).toBe(true);
  });
});
