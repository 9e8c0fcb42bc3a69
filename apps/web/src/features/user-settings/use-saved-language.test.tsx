import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { languageStorageKey } from '@cockpit/contracts';
import { userSettingsFixture } from '../../testing/fixtures';
import { createTestI18n } from '../../testing/test-utils';
import { forgetAppliedLanguage, savedLanguageToApply, useApplySavedLanguage } from './use-saved-language';

// Navigation shell: on sign-in the user's saved language is applied (once; then the user's own choices count).
afterEach(() => forgetAppliedLanguage());

const german = userSettingsFixture({
  accountSettings: {
    uiLanguage: { name: 'de-AT', twoLetterISOlanguageName: 'de' },
    uiCulture: 'de-AT',
    currencySymbol: '€',
  },
});

describe('saved language', () => {
  it('is applied only when it differs', () => {
    expect(savedLanguageToApply(german, 'en')).toBe('de-AT');
    expect(savedLanguageToApply(german, 'de-AT')).toBeNull();
  });

  it('switches the UI to the saved language once per signed-in user', async () => {
    const i18n = await createTestI18n('en');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const { rerender } = renderHook(({ settings }) => useApplySavedLanguage(settings), {
      wrapper,
      initialProps: { settings: german },
    });
    await waitFor(() => expect(i18n.language).toBe('de-AT'));
    // The user then picks English; a refetch of the same user's settings does not undo that.
    await i18n.changeLanguage('en');
    rerender({ settings: { ...german } });
    expect(i18n.language).toBe('en');
    // After sign-out, the next sign-in applies the saved language again.
    forgetAppliedLanguage();
    rerender({ settings: { ...german } });
    await waitFor(() => expect(i18n.language).toBe('de-AT'));
  });

  it('remembers the saved language in this browser also when it is already shown', async () => {
    localStorage.removeItem(languageStorageKey);
    const i18n = await createTestI18n('de-AT');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    renderHook(() => useApplySavedLanguage(german), { wrapper });
    await waitFor(() => expect(localStorage.getItem(languageStorageKey)).toBe('de-AT'));
    expect(i18n.language).toBe('de-AT');
  });
});
