import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorCodes, type ManagedUser } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ResetPasswordDialog, generateOneTimePassword } from './reset-password-dialog';

// Decision 022: the administrator's "Set one-time password" dialog against a stubbed server that refuses
// common, personal and guessable passwords as the real one does: each refusal says why.

const max: ManagedUser = {
  id: 'max',
  name: 'Max Member',
  email: 'max@example.com',
  roleKey: 'organisationmember',
  subscription: 'basic',
  uiLanguage: 'en',
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  isSelf: false,
  attributes: {},
  attributesFromSingleSignOn: [],
};

function stubServer() {
  setToken('a.b.c');
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.pathname === '/api/management/users/max/password' && request.method === 'POST') {
        const body = (await request.json()) as { password: string };
        sent.push(body.password);
        if (body.password === 'qwerty123456')
          return jsonResponse(
            { error: { code: errorCodes.commonPassword, message: 'password: common' } },
            400,
          );
        if (body.password === 'Max-Member-2024')
          return jsonResponse(
            { error: { code: errorCodes.personalPassword, message: 'password: personal' } },
            400,
          );
        if (body.password === 'Hallo1234567')
          return jsonResponse(
            { error: { code: errorCodes.guessablePassword, message: 'password: guessable' } },
            400,
          );
        return jsonResponse(max);
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: url.pathname } }, 404);
    }),
  );
  return sent;
}

async function fill(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  await userEvent.click(element);
  await userEvent.paste(text);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('set one-time password', () => {
  it("checks the length first, shows the server's reason for a refused password at the field, then sets it", async () => {
    const sent = stubServer();
    const onDone = vi.fn();
    await renderWithProviders(<ResetPasswordDialog user={max} onClose={() => undefined} onDone={onDone} />);
    const field = await screen.findByLabelText(/^One-time password/, { selector: 'input' });
    const submit = screen.getByRole('button', { name: 'Set one-time password' });

    await fill(field, 'too-short');
    await userEvent.click(submit);
    expect(await screen.findByText('The new password needs at least 12 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(field, 'qwerty123456');
    await userEvent.click(submit);
    expect(await screen.findByText(/^This password is on a list of common passwords/)).toBeInTheDocument();
    await fill(field, 'Max-Member-2024');
    await userEvent.click(submit);
    expect(
      await screen.findByText(
        /^This password is built from the e-mail address, the name or the product's name/,
      ),
    ).toBeInTheDocument();
    await fill(field, 'Hallo1234567');
    await userEvent.click(submit);
    expect(
      await screen.findByText(/^This password is easy to guess: it is made of common words/),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await fill(field, 'Max-one-time-123');
    await userEvent.click(submit);
    // Set: shown once, with a Copy button, before the dialog is done.
    const shown = await screen.findByTestId('one-time-password-shown');
    expect(within(shown).getByText('Shown once')).toBeInTheDocument();
    expect(within(shown).getByLabelText('One-time password')).toHaveValue('Max-one-time-123');
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith(max);
    expect(sent).toEqual(['qwerty123456', 'Max-Member-2024', 'Hallo1234567', 'Max-one-time-123']);
  });

  it('generates random passwords of 16 characters that pass the rules', () => {
    const first = generateOneTimePassword();
    expect(first).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(generateOneTimePassword()).not.toBe(first);
  });
});
