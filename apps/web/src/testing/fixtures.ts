import type { MenuResponse, UserSettings } from '@cockpit/contracts';

/** Shapes as the server sends them (typed by the contracts, so they cannot drift). */
export function userSettingsFixture(overrides: Partial<UserSettings> = {}): UserSettings {
  return {
    accountSettings: {
      uiLanguage: { name: 'en', twoLetterISOlanguageName: 'en' },
      uiCulture: 'en-GB',
      currencySymbol: '€',
    },
    roleKey: 'organisationmember',
    role: 'Member',
    subscription: 'pro',
    userDisplayName: 'Max Member',
    availableUiLanguages: [
      { name: 'en', twoLetterISOlanguageName: 'en' },
      { name: 'de-DE', twoLetterISOlanguageName: 'de' },
      { name: 'de-AT', twoLetterISOlanguageName: 'de' },
    ],
    userId: 'user-1',
    email: 'member@example.com',
    organisationName: 'Demo GmbH',
    ...overrides,
  };
}

export const menuFixture: MenuResponse = {
  groups: [
    {
      name: 'sales',
      title: 'Sales',
      icon: 'chart-bar',
      externalUrl: null,
      isActive: false,
      isExpanded: true,
      items: [
        {
          name: 'totalviewlayout',
          title: 'Total view',
          subTitle: 'All sales at a glance',
          icon: 'chart-line',
          path: '/reports/totalviewlayout',
          externalUrl: null,
          isActive: false,
          isPinned: false,
          leaveTitleUntranslated: false,
        },
        {
          name: 'pmxlayout',
          title: 'PMX',
          subTitle: null,
          icon: 'no-such-icon',
          path: null,
          externalUrl: null,
          isActive: false,
          isPinned: false,
          leaveTitleUntranslated: false,
        },
      ],
    },
    {
      name: 'links',
      title: 'Links',
      icon: null,
      externalUrl: null,
      isActive: false,
      isExpanded: false,
      items: [
        {
          name: 'market-data',
          title: 'Market data',
          subTitle: 'External portal',
          icon: 'world',
          path: null,
          externalUrl: 'https://example.com/market',
          isActive: false,
          isPinned: false,
          leaveTitleUntranslated: false,
        },
      ],
    },
  ],
};
