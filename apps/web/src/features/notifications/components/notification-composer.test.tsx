import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, localizedText, type NotificationContent } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { NotificationComposer } from './notification-composer';

// Management area: Notifications: compose in both languages with a live preview per language, check the link and
// the recipients, send through the notifications feature's admin API.

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to `document.fonts`.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

function stubServer() {
  setToken('a.b.c');
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === apiRoutes.listSentNotifications.path && request.method === 'POST') {
        const body = (await request.json()) as { recipients: string[] | 'all' };
        sent.push(body);
        return jsonResponse(
          { batchId: 'b1', recipients: body.recipients === 'all' ? 3 : body.recipients.length },
          201,
        );
      }
      if (url.pathname === apiRoutes.listUsers.path) {
        return jsonResponse({
          items: [
            {
              id: 'max',
              name: 'Max Member',
              email: 'max@example.com',
              roleKey: 'organisationmember',
              subscription: 'pro',
              uiLanguage: 'en',
              active: true,
              createdAt: '2025-01-01T00:00:00.000Z',
              isSelf: false,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return sent;
}

async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

const preview = (content: NotificationContent, language: string) => (
  <p>{`${localizedText(content.title, language)}${content.url ? ' (link)' : ''}`}</p>
);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notification composer', () => {
  it('previews each language live, checks link and recipients, then sends', async () => {
    const sent = stubServer();
    await renderWithProviders(<NotificationComposer renderPreview={preview} />);
    const titles = screen.getAllByRole('textbox', { name: 'Title' });
    const texts = screen.getAllByRole('textbox', { name: 'Text' });
    await fill(titles[0]!, 'Board meeting moved');
    // German is still empty: German users would see the English title (docs/product.md §9 fallback).
    expect(screen.getByTestId('notification-preview-de-DE')).toHaveTextContent('Board meeting moved');
    await fill(titles[1]!, 'Sitzung verschoben');
    expect(screen.getByTestId('notification-preview-de-DE')).toHaveTextContent('Sitzung verschoben');
    expect(screen.getByTestId('notification-preview-en')).toHaveTextContent('Board meeting moved');
    // Austria reads German until its own override is written.
    expect(screen.getByTestId('notification-preview-de-AT')).toHaveTextContent('Sitzung verschoben');
    await fill(titles[2]!, 'Sitzung verlegt');
    expect(screen.getByTestId('notification-preview-de-AT')).toHaveTextContent('Sitzung verlegt');
    await fill(texts[0]!, 'Now on Thursday.');
    await fill(texts[1]!, 'Jetzt am Donnerstag.');
    await fill(screen.getByRole('textbox', { name: /Link/ }), 'javascript:alert(1)');
    expect(screen.getByTestId('notification-preview-en')).not.toHaveTextContent('(link)');

    await userEvent.click(screen.getByText('Chosen users'));
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(
      screen.getByText('Only web addresses starting with https:// or http:// are allowed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please choose at least one user.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const link = screen.getByRole('textbox', { name: /Link/ });
    await userEvent.clear(link);
    await fill(link, 'https://example.com/board');
    expect(screen.getByTestId('notification-preview-en')).toHaveTextContent('(link)');
    await userEvent.click(screen.getByRole('combobox', { name: 'Users' }));
    await userEvent.click(await screen.findByRole('option', { name: /Max Member/ }));
    expect(screen.queryByText('Please choose at least one user.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      recipients: ['max'],
      title: { en: 'Board meeting moved', de: 'Sitzung verschoben', deAt: 'Sitzung verlegt' },
      text: { en: 'Now on Thursday.', de: 'Jetzt am Donnerstag.' },
      url: 'https://example.com/board',
    });
    expect(sent[0]).not.toHaveProperty('text.deAt');
    // The form is ready for the next one.
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Title' })[0]).toHaveValue(''));
    expect(
      within(screen.getByTestId('notification-preview-en')).queryByText(/Board/),
    ).not.toBeInTheDocument();
  });

  it('sends with English only: German and Austrian are optional and fall back', async () => {
    const sent = stubServer();
    await renderWithProviders(<NotificationComposer renderPreview={preview} />);
    await fill(screen.getAllByRole('textbox', { name: 'Title' })[0]!, 'Office closed');
    await fill(screen.getAllByRole('textbox', { name: 'Text' })[0]!, 'On Friday.');
    expect(screen.getByTestId('notification-preview-de-AT')).toHaveTextContent('Office closed');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      recipients: 'all',
      title: { en: 'Office closed', de: '' },
      text: { en: 'On Friday.', de: '' },
    });
  });
});
