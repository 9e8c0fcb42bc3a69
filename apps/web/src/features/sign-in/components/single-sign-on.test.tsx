import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { SingleSignOn } from './single-sign-on';

// "Sign in with your organisation" (decision 020): the provider's URL for the e-mail, and the messages
// for what went wrong — before leaving (unknown domain) and after coming back (`?ssoError=`).

function stubStart(answer: () => Response) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === apiRoutes.startSingleSignOn.path) {
        calls.push(await request.json());
        return answer();
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

async function openAndSubmit(email: string) {
  await userEvent.click(screen.getByText('Sign in with your organisation'));
  await userEvent.type(screen.getByLabelText('Work e-mail'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Continue to your organisation' }));
}

describe('SingleSignOn', () => {
  it('is closed at first: the password form keeps the only e-mail field and "Sign in" button', async () => {
    await renderWithProviders(<SingleSignOn redirectTo="/reports" />);
    expect(screen.queryByLabelText('Work e-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: /sign in/i })).toBeNull();
  });

  it("sends the browser to the provider's URL for the e-mail, with the page to land on", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const calls = stubStart(() => jsonResponse({ url: 'https://idp.example.com/authorize?x=1' }));
    await renderWithProviders(<SingleSignOn redirectTo="/reports/sales" />);
    await openAndSubmit('anna@company.example');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/authorize?x=1'));
    expect(calls[0]).toEqual({ email: 'anna@company.example', redirectTo: '/reports/sales' });
  });

  it('explains an e-mail domain without single sign-on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubStart(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, 404));
    await renderWithProviders(<SingleSignOn redirectTo="/reports" />);
    await openAndSubmit('anna@nowhere.example');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no single sign-on for this e-mail domain',
    );
  });

  it('checks the e-mail before asking the server', async () => {
    const calls = stubStart(() => jsonResponse({ url: 'https://idp.example.com/' }));
    await renderWithProviders(<SingleSignOn redirectTo="/reports" />);
    await openAndSubmit('not-an-address');
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['access_denied', 'The sign-in was cancelled'],
    ['invalid_response', 'could not be verified'],
    ['something-else', 'Single sign-on did not work'],
  ])('shows why the sign-in at the provider failed (ssoError=%s), opened', async (reason, text) => {
    window.history.replaceState(null, '', `/login?ssoError=${reason}`);
    await renderWithProviders(<SingleSignOn redirectTo="/reports" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Work e-mail')).toBeVisible();
  });
});
