import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import {
  apiRoutes,
  languageStorageKey,
  type UserSettings,
  type UserSettingsUpdate,
} from '@cockpit/contracts';
import { getClientParams } from '../../../lib/client-params';
import { Toaster } from '../../../lib/toaster';
import { userSettingsFixture } from '../../../testing/fixtures';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { getUserSettingsQueryOptions } from '../api/get-user-settings';
import { LanguageSelect } from './language-select';
import { PasswordForm } from './password-form';
import { SettingsForm } from './settings-form';

// docs/product.md §D.3 Settings page; docs/product.md §2 Menu header language dropdown; the language rules of the navigation shell.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server keeping one user's settings; PUT answers like the real one. */
function settingsServer(initial: UserSettings = userSettingsFixture()) {
  let settings = initial;
  const calls = stubApi({
    [`GET ${apiRoutes.getUserSettings.path}`]: () => jsonResponse(settings),
    [`PUT ${apiRoutes.getUserSettings.path}`]: (call) => {
      const body = call.body as UserSettingsUpdate;
      settings = {
        ...settings,
        userDisplayName: body.displayName,
        accountSettings: {
          uiLanguage: {
            name: body.uiLanguage,
            twoLetterISOlanguageName: body.uiLanguage.startsWith('de') ? 'de' : 'en',
          },
          uiCulture: body.uiCulture,
          currencySymbol: body.currencySymbol,
        },
      };
      return jsonResponse(settings);
    },
  });
  return { calls, current: () => settings };
}

/** Renders a settings component with the settings loaded through the real query. */
function WithSettings({ render }: { render: (settings: UserSettings) => React.ReactNode }) {
  const settings = useQuery(getUserSettingsQueryOptions('en'));
  return settings.data ? <>{render(settings.data)}</> : null;
}

describe('SettingsForm', () => {
  it('saves culture, currency and display name; later calls carry them (docs/product.md §7)', async () => {
    const server = settingsServer();
    await renderWithProviders(
      <>
        <WithSettings render={(settings) => <SettingsForm settings={settings} />} />
        <Toaster />
      </>,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Format of dates and numbers'), 'de-AT');
    expect(screen.getByText(/Example: 31\.12\.25/)).toBeInTheDocument();
    const currency = screen.getByLabelText('Currency symbol');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'CHF');
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Maxi');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      uiLanguage: 'en',
      uiCulture: 'de-AT',
      currencySymbol: 'CHF',
      displayName: 'Maxi',
    });
    expect(getClientParams()).toMatchObject({ cultureName: 'de-AT', currencySymbol: 'CHF' });
  });

  it('shows clear errors and sends nothing for invalid values', async () => {
    const server = settingsServer();
    await renderWithProviders(<WithSettings render={(settings) => <SettingsForm settings={settings} />} />);
    await userEvent.clear(await screen.findByLabelText('Display name'));
    const currency = screen.getByLabelText('Currency symbol');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'TOOLONGXX');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Please enter a display name.')).toBeInTheDocument();
    expect(screen.getByText('The currency symbol may have at most 8 characters.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('changing the language on the settings page switches the UI after saving', async () => {
    settingsServer();
    const { i18n } = await renderWithProviders(
      <WithSettings render={(settings) => <SettingsForm settings={settings} />} />,
    );
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'de-DE');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(i18n.language).toBe('de-DE'));
    expect(await screen.findByRole('button', { name: 'Einstellungen speichern' })).toBeInTheDocument();
  });
});

describe('LanguageSelect (menu header)', () => {
  it('switches the UI at once, remembers it under translocoLang and saves it on the server', async () => {
    const server = settingsServer();
    const { i18n } = await renderWithProviders(
      <WithSettings render={(settings) => <LanguageSelect settings={settings} />} />,
    );
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await userEvent.selectOptions(select, 'de-AT');
    await waitFor(() => expect(i18n.language).toBe('de-AT'));
    expect(localStorage.getItem(languageStorageKey)).toBe('de-AT');
    await waitFor(() => expect(server.current().accountSettings.uiLanguage.name).toBe('de-AT'));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      uiLanguage: 'de-AT',
      displayName: 'Max Member',
      currencySymbol: '€',
    });
  });
});

describe('PasswordForm', () => {
  function passwordServer() {
    return stubApi({
      [`POST ${apiRoutes.changePassword.path}`]: (call) => {
        const { currentPassword } = call.body as { currentPassword: string };
        if (currentPassword !== 'Cockpit-member-1') {
          return jsonResponse({ error: { code: 'INVALID_CURRENT_PASSWORD', message: 'wrong' } }, 400);
        }
        return new Response(null, { status: 204 });
      },
    });
  }

  async function enter(label: string, text: string) {
    if (!text) return;
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.paste(text);
  }

  async function fill(current: string, next: string, confirm = next) {
    await enter('Current password', current);
    await enter('New password', next);
    await enter('Repeat the new password', confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('requires the current password and 12 characters, and the same password twice', async () => {
    const calls = passwordServer();
    await renderWithProviders(<PasswordForm />);
    await fill('', 'short');
    expect(screen.getByText('Please enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('The new password needs at least 12 characters.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await fill('Cockpit-member-1', 'A-long-enough-password', 'A-different-password');
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says so when the current password is wrong', async () => {
    passwordServer();
    await renderWithProviders(<PasswordForm />);
    await fill('not-my-password', 'A-long-enough-password');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it('changes the password and empties the form', async () => {
    const calls = passwordServer();
    await renderWithProviders(
      <>
        <PasswordForm />
        <Toaster />
      </>,
    );
    await fill('Cockpit-member-1', 'A-long-enough-password');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(calls[0]?.body).toMatchObject({
      currentPassword: 'Cockpit-member-1',
      newPassword: 'A-long-enough-password',
    });
  });
});
