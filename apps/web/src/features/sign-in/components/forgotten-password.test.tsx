import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, errorCodes } from '@cockpit/contracts';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ForgottenPasswordForm } from './forgotten-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm, resetTokenOf } from './reset-password-form';

// Forgotten passwords (docs/decisions/031-forgotten-passwords.md): the login screen's link, the address
// form with its one answer, and the new-password form of the mail's link.

const calls: { path: string; body: unknown }[] = [];

function stubApi(answer: (path: string) => Response) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { pathname } = new URL(request.url);
      calls.push({ path: pathname, body: request.method === 'POST' ? await request.clone().json() : null });
      return answer(pathname);
    }),
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the login form', () => {
  it('links to "Forgot password?"', async () => {
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says it in German', async () => {
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />, { language: 'de-DE' });
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('ForgottenPasswordForm', () => {
  it('asks for a valid address, then gives the one answer', async () => {
    stubApi(() => jsonResponse({ accepted: true }, 202));
    await renderWithProviders(<ForgottenPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByText('Enter your e-mail address, e.g. name@example.com.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('E-mail'), ' someone@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByTestId('password-reset-sent')).toHaveTextContent(
      'If an account exists for this address, we sent a link. It works once, for 30 minutes.',
    );
    expect(calls).toEqual([
      {
        path: apiRoutes.requestPasswordReset.path,
        body: expect.objectContaining({ email: 'someone@example.com' }),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('explains the limit (429)', async () => {
    stubApi(() => jsonResponse({ error: { code: errorCodes.rateLimited, message: 'x' } }, 429));
    await renderWithProviders(<ForgottenPasswordForm />, { language: 'de-AT' });
    await userEvent.type(screen.getByLabelText('E-Mail'), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Anfragen. Bitte warten Sie ein Weilchen',
    );
  });
});

describe('ResetPasswordForm', () => {
  const token = 'A'.repeat(43);

  async function fill(newPassword: string, confirm = newPassword) {
    await userEvent.type(screen.getByLabelText('New password'), newPassword);
    await userEvent.type(screen.getByLabelText('Repeat the new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('reads the token from the fragment only', () => {
    expect(resetTokenOf(`#token=${token}`)).toBe(token);
    expect(resetTokenOf('')).toBeNull();
    expect(resetTokenOf(`#token=${'x'.repeat(201)}`)).toBeNull();
  });

  it('checks the length and the repetition before sending', async () => {
    stubApi(() => new Response(null, { status: 204 }));
    await renderWithProviders(<ResetPasswordForm token={token} />);
    await fill('short');
    expect(screen.getByText('The new password needs at least 12 characters.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await fill('Kiwi-harbour-lantern-58', 'Kiwi-harbour-lantern-59');
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's password rule, then success with the way to sign in", async () => {
    let answer = jsonResponse({ error: { code: errorCodes.commonPassword, message: 'x' } }, 400);
    stubApi(() => answer);
    await renderWithProviders(<ResetPasswordForm token={token} />);
    await fill('password1234password');
    expect(await screen.findByText(/is on a list of common passwords/)).toBeInTheDocument();
    answer = new Response(null, { status: 204 });
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await fill('Kiwi-harbour-lantern-58');
    expect(await screen.findByTestId('password-reset-done')).toHaveTextContent(
      'Your password has been changed.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.at(-1)).toEqual({
      path: apiRoutes.completePasswordReset.path,
      body: expect.objectContaining({ token, newPassword: 'Kiwi-harbour-lantern-58' }),
    });
  });

  it('offers a new link when the link was used or has expired (410), or is missing', async () => {
    stubApi(() => jsonResponse({ error: { code: errorCodes.linkUsed, message: 'x' } }, 410));
    const { unmount } = await renderWithProviders(<ResetPasswordForm token={token} />, { language: 'de-DE' });
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'Kiwi-harbour-lantern-58');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Kiwi-harbour-lantern-58');
    await userEvent.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link wurde schon verwendet oder ist abgelaufen.',
    );
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    unmount();
    await renderWithProviders(<ResetPasswordForm token={null} />);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
