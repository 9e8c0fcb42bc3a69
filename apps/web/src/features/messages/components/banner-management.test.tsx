import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type BannerMessageItem, type ManagedBanner } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { BannerManagement } from './banner-management';

// Management area: Banner messages against a stubbed management API: the form checks schedule, texts and links
// before saving, and sends the contracts' shape.

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to `document.fonts`.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

function stubServer() {
  setToken('a.b.c');
  const banners: ManagedBanner[] = [];
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === apiRoutes.listBanners.path && request.method === 'GET')
        return jsonResponse({ items: banners });
      if (url.pathname === apiRoutes.listBanners.path && request.method === 'POST') {
        const body = (await request.json()) as Pick<ManagedBanner, 'startsAt' | 'endsAt' | 'content'>;
        posted.push(body);
        const saved: ManagedBanner = {
          ...body,
          id: `b${banners.length + 1}`,
          status: 'scheduled',
          dismissals: 0,
          createdAt: '2030-01-01T00:00:00.000Z',
          updatedAt: '2030-01-01T00:00:00.000Z',
        };
        banners.push(saved);
        return jsonResponse(saved, 201);
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return posted;
}

/** Sets a whole value at once (per-key typing re-renders the big dialog for every character). */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

const preview = (item: BannerMessageItem) => (
  <p data-testid="preview-card">{`${item.title} / ${item.action.label ?? 'OK'}`}</p>
);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('banner management', () => {
  it('says so when there are no banner messages', async () => {
    stubServer();
    await renderWithProviders(<BannerManagement renderPreview={preview} />);
    expect(await screen.findByText('No banner messages')).toBeInTheDocument();
  });

  it('checks the schedule, both languages and links, previews the card, then saves', async () => {
    const posted = stubServer();
    const onChanged = vi.fn();
    await renderWithProviders(<BannerManagement renderPreview={preview} onChanged={onChanged} />);
    await userEvent.click(await screen.findByRole('button', { name: 'New banner message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner message' });

    // The schedule is picked from calendars (culture-date-time-field.test.tsx); its rules: banner-form-values.test.ts.
    await fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Maintenance');
    await fill(within(dialog).getByRole('textbox', { name: 'Text' }), 'On Saturday.');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Add a second button' }));
    const second = () => within(within(dialog).getByRole('group', { name: 'Second button' }));
    await fill(second().getByRole('textbox', { name: 'Label' }), 'Details');
    await fill(second().getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    expect(within(dialog).getByTestId('preview-card')).toHaveTextContent('Maintenance / OK');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(posted).toEqual([]);
    // The first language with problems is shown; German is optional, so an empty German tab is no problem.
    expect(within(dialog).getByRole('tab', { name: /English/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: /German \(optional\)/ })).not.toHaveTextContent('!');
    expect(
      within(dialog).getByText(
        'Enter a web address starting with https:// or http://, or a path of the cockpit starting with /.',
      ),
    ).toBeInTheDocument();

    const link = second().getByRole('textbox', { name: 'Link' });
    await userEvent.clear(link);
    await fill(link, 'https://example.com/maintenance');

    await userEvent.click(within(dialog).getByRole('tab', { name: /German \(optional\)/ }));
    expect(within(dialog).getByText('Empty: the English text is shown.')).toBeInTheDocument();
    // Until German is written, the preview shows what German users will see: the English card.
    expect(within(dialog).getByTestId('preview-card')).toHaveTextContent('Maintenance');
    await fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Wartung');
    await fill(within(dialog).getByRole('textbox', { name: 'Text' }), 'Am Samstag.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      startsAt: null,
      endsAt: null,
      content: {
        en: {
          title: 'Maintenance',
          primary: { label: null, type: 'close', href: null },
          secondary: { label: 'Details', type: 'link', href: 'https://example.com/maintenance' },
        },
        de: { title: 'Wartung', body: 'Am Samstag.', secondary: null },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChanged).toHaveBeenCalled();
    expect(await screen.findByText('Maintenance')).toBeInTheDocument();
  });
});
