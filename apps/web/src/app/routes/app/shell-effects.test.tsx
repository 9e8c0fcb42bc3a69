import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { apiRoutes } from '@cockpit/contracts';
import { useNavigationStore } from '../../../features/navigation/store/navigation-store';
import { forgetAppliedLanguage } from '../../../features/user-settings/use-saved-language';
import { userSettingsFixture } from '../../../testing/fixtures';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { ShellEffects } from './shell-effects';

// The shell's side effects, out of the layout (main-layout.tsx renders `ShellEffects` once): the saved
// language, the navigation path and the one notifications stream.

afterEach(async () => {
  cleanup();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  vi.unstubAllGlobals();
  forgetAppliedLanguage();
  useNavigationStore.getState().reset();
});

describe('ShellEffects', () => {
  it('applies the saved language, follows the route and opens the notifications stream once', async () => {
    const settings = userSettingsFixture();
    const calls = stubApi({
      [`GET ${apiRoutes.getUserSettings.path}`]: () =>
        jsonResponse({
          ...settings,
          accountSettings: {
            ...settings.accountSettings,
            uiLanguage: { name: 'de-DE', twoLetterISOlanguageName: 'de' },
          },
        }),
      // Never answers: the stream stays "connecting", which is all this test needs.
      [`GET ${apiRoutes.streamNotifications.path}`]: () => new Promise<Response>(() => {}),
    });
    const { i18n } = await renderWithProviders(
      <ShellEffects prefetchMantineFor={() => {}} onSignOut={() => {}} />,
      {
        path: '/reports/sales',
      },
    );
    await vi.waitFor(() => expect(i18n.language).toBe('de-DE'));
    expect(useNavigationStore.getState().path).toEqual(['reports', 'sales']);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === apiRoutes.streamNotifications.path)).toHaveLength(1),
    );
  });
});
