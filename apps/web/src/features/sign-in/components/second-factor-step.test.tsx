import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@cockpit/contracts';
import { resetSessionForTests } from '../../../lib/auth/session';
import { resetIntegrityForTests } from '../../../lib/integrity/integrity';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { LoginForm } from './login-form';

// Decision 021: after the password, a user with two-factor sign-in on is asked for a code (or a recovery
// code); a wrong one gets a clear message, too many a rate-limit message.

const verified: { path: string; code: unknown }[] = [];

function stubServer(codeAnswer: (code: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname === apiRoutes.signInWithEmail.path)
        return jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      if (pathname === apiRoutes.verifyTwoFactorCode.path || pathname === apiRoutes.verifyRecoveryCode.path) {
        const { code } = (await request.json()) as { code: string };
        verified.push({ path: pathname, code });
        return codeAnswer(code);
      }
      if (pathname === apiRoutes.getToken.path) return jsonResponse({ token: 'a.b.c' });
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
    }),
  );
}

const unauthorized = () => jsonResponse({ error: { code: 'UNAUTHORIZED', message: 'Invalid code' } }, 401);

beforeEach(() => {
  verified.length = 0;
  resetSessionForTests();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  resetIntegrityForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function passwordStep(onSuccess: () => void) {
  await renderWithProviders(<LoginForm onSuccess={onSuccess} alternative={<p>Other way to sign in</p>} />);
  expect(screen.getByText('Other way to sign in')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('E-mail'), 'max@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: /^Sign in$/ }));
  await screen.findByText('Enter the code from your authenticator app.');
  // The other way to sign in (single sign-on) is not offered while a code is asked for.
  expect(screen.queryByText('Other way to sign in')).not.toBeInTheDocument();
}

describe('the code step of a two-factor sign-in', () => {
  it('asks for a code after the password, refuses a wrong one clearly and signs in with the right one', async () => {
    stubServer((code) => (code === '123456' ? jsonResponse({ user: {} }) : unauthorized()));
    const onSuccess = vi.fn();
    await passwordStep(onSuccess);
    expect(onSuccess).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the six-digit code.')).toBeInTheDocument();
    expect(verified).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(verified.at(-1)).toEqual({ path: apiRoutes.verifyTwoFactorCode.path, code: '123456' });
  });

  it('switches to a recovery code', async () => {
    stubServer(() => jsonResponse({ user: {} }));
    const onSuccess = vi.fn();
    await passwordStep(onSuccess);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(verified).toEqual([{ path: apiRoutes.verifyRecoveryCode.path, code: 'abcde-12345' }]);
  });

  it('says so when the account is rate limited', async () => {
    stubServer(() => jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many' } }, 429));
    await passwordStep(vi.fn());
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Too many sign-in attempts. Please wait a while and try again.'),
    ).toBeInTheDocument();
  });
});
