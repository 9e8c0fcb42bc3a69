import type {
  CatalogueDocument,
  RoleKey,
  Subscription,
  UiCultureChoice,
  UiLanguageName,
} from '@cockpit/contracts';
import beispielCatalogue from './catalogues/beispiel-ag.json' with { type: 'json' };
import demoGmbhCatalogue from './catalogues/demo-gmbh.json' with { type: 'json' };

// The demo organisations and users. Natural keys (organisation name, e-mail) make the seed idempotent;
// each organisation's first catalogue is a catalogue document in ./catalogues (decision 015).

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  roleKey: RoleKey;
  subscription: Subscription;
  uiLanguage: UiLanguageName;
  /** `auto` follows the language (docs/decisions/030); Bea Basic and Bernd Beispiel chose a culture. */
  uiCulture: UiCultureChoice;
  currencySymbol: string;
}

export interface DemoOrganisation {
  name: string;
  users: DemoUser[];
  /** The organisation's first catalogue: a catalogue document, imported like any other (decision 015). */
  catalogue: CatalogueDocument;
}

export const demoOrganisations: DemoOrganisation[] = [
  {
    name: 'Demo GmbH',
    users: [
      {
        email: 'admin@example.com',
        password: 'Cockpit-admin-1',
        name: 'Anna Admin',
        roleKey: 'organisationadministrator',
        subscription: 'pro',
        uiLanguage: 'en',
        uiCulture: 'auto',
        currencySymbol: '€',
      },
      {
        email: 'member@example.com',
        password: 'Cockpit-member-1',
        name: 'Max Member',
        roleKey: 'organisationmember',
        subscription: 'pro',
        uiLanguage: 'en',
        uiCulture: 'auto',
        currencySymbol: '€',
      },
      {
        email: 'basic@example.com',
        password: 'Cockpit-basic-1',
        name: 'Bea Basic',
        roleKey: 'organisationmember',
        subscription: 'basic',
        uiLanguage: 'en',
        uiCulture: 'de-AT',
        currencySymbol: '€',
      },
    ],
    // JSON's inferred types are wider than the document's; the catalogue service checks it on import.
    catalogue: demoGmbhCatalogue as unknown as CatalogueDocument,
  },
  {
    name: 'Beispiel AG',
    users: [
      {
        email: 'admin@beispiel.example',
        password: 'Beispiel-admin-1',
        name: 'Bernd Beispiel',
        roleKey: 'organisationadministrator',
        subscription: 'pro',
        uiLanguage: 'en',
        uiCulture: 'de-DE',
        currencySymbol: '€',
      },
    ],
    catalogue: beispielCatalogue as unknown as CatalogueDocument,
  },
];

/** For the start-up banner and the README. */
export const demoSignIns = demoOrganisations.flatMap((organisation) =>
  organisation.users.map((user) => ({
    organisation: organisation.name,
    email: user.email,
    password: user.password,
    name: user.name,
  })),
);
