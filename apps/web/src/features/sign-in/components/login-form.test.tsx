import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { resetSessionForTests } from '../../../lib/auth/session';
import { resetIntegrityForTests } from '../../../lib/integrity/integrity';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { LoginForm } from './login-form';

// The login screen: labelled fields, "Sign in", a clear error on wrong credentials.

function stubSignIn(signInResponse: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname === apiRoutes.signInWithEmail.path) return signInResponse();
      if (pathname === apiRoutes.getToken.path) return jsonResponse({ token: 'a.b.c' });
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    }),
  );
}

beforeEach(() => {
  resetSessionForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetIntegrityForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('signs in and reports success', async () => {
    stubSignIn(() => jsonResponse({ user: {} }));
    const onSuccess = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit('max@example.com', 'secret');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });

  it('the button is busy while the sign-in runs (the session module is loaded on submit)', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubSignIn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const onSuccess = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit('max@example.com', 'secret');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await vi.waitFor(() => expect(button).toHaveAttribute('data-loading'), { timeout: 10_000 });
    expect(onSuccess).not.toHaveBeenCalled();
    answer(jsonResponse({ user: {} }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(button).not.toHaveAttribute('data-loading');
  });

  it('shows a clear error for wrong credentials (401)', async () => {
    stubSignIn(() => jsonResponse({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' } }, 401));
    const onSuccess = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit('max@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not correct.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows a generic error when the server fails', async () => {
    stubSignIn(() => jsonResponse({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    await renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await fillAndSubmit('max@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again later.');
  });

  it('asks for both fields before calling the server', async () => {
    stubSignIn(() => jsonResponse({}));
    await renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is translated (de-DE)', async () => {
    await renderWithProviders(<LoginForm onSuccess={() => undefined} />, { language: 'de-DE' });
    expect(screen.getByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('says the app could not be verified when the server refuses for integrity (403 INTEGRITY_REQUIRED)', async () => {
    resetIntegrityForTests({ solver: async () => ({ counter: 1, derivedKey: 'aa' }) });
    stubSignIn(() => jsonResponse({ error: { code: 'INTEGRITY_REQUIRED', message: 'x' } }, 403));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onSuccess = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit('max@example.com', 'secret');
    const notice = await screen.findByTestId('integrity-notice');
    expect(notice).toHaveTextContent('Your sign-in was refused because this app could not be verified.');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('says so when there were too many attempts (429)', async () => {
    stubSignIn(() => jsonResponse({ error: { code: 'RATE_LIMITED', message: 'x' } }, 429));
    await renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await fillAndSubmit('max@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts.');
  });
});
