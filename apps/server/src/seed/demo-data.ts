import type { MenuIconName, RoleKey, Subscription, UiCulture, UiLanguageName } from '@cockpit/contracts';

// The demo content of issue 2. Natural keys (organisation name, e-mail, group/item name, layout id)
// make the seed idempotent.

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  roleKey: RoleKey;
  subscription: Subscription;
  uiLanguage: UiLanguageName;
  uiCulture: UiCulture;
  currencySymbol: string;
}

export interface DemoMenuItem {
  name: string;
  titleEn: string;
  titleDe: string;
  subTitleEn?: string;
  subTitleDe?: string;
  icon: MenuIconName;
  /** An external report opens this https URL in a new window and has no internal path. */
  externalUrl?: string;
  leaveTitleUntranslated?: boolean;
}

export interface DemoMenuGroup {
  name: string;
  titleEn: string;
  titleDe: string;
  icon: MenuIconName;
  items: DemoMenuItem[];
}

export interface DemoDashboardGroup {
  name: string;
  titleEn: string;
  titleDe: string;
  dashboards: {
    layoutId: number;
    titleEn: string;
    titleDe: string;
    subTitleEn?: string;
    subTitleDe?: string;
  }[];
}

export interface DemoOrganisation {
  name: string;
  users: DemoUser[];
  menu: DemoMenuGroup[];
  dashboardGroups: DemoDashboardGroup[];
}

const demoGmbhMenu: DemoMenuGroup[] = [
  {
    name: 'sales',
    titleEn: 'Sales',
    titleDe: 'Vertrieb',
    icon: 'chart-bar',
    items: [
      {
        name: 'totalviewlayout',
        titleEn: 'Total View',
        titleDe: 'Gesamtübersicht',
        subTitleEn: 'All key figures at a glance',
        subTitleDe: 'Alle Kennzahlen auf einen Blick',
        icon: 'layout-dashboard',
      },
      {
        name: 'sales-by-region',
        titleEn: 'Sales by Region',
        titleDe: 'Umsatz nach Region',
        subTitleEn: 'Revenue per sales region',
        subTitleDe: 'Umsatz je Vertriebsregion',
        icon: 'map',
      },
      {
        name: 'sales-by-product',
        titleEn: 'Sales by Product',
        titleDe: 'Umsatz nach Produkt',
        subTitleEn: 'Revenue and units per product group',
        subTitleDe: 'Umsatz und Stückzahlen je Produktgruppe',
        icon: 'package',
      },
      {
        name: 'sales-trend',
        titleEn: 'Sales Trend',
        titleDe: 'Umsatzentwicklung',
        subTitleEn: 'Monthly revenue compared with last year',
        subTitleDe: 'Monatsumsatz im Vorjahresvergleich',
        icon: 'trending-up',
      },
      {
        name: 'top-customers',
        titleEn: 'Top Customers',
        titleDe: 'Top-Kunden',
        subTitleEn: 'The 50 customers with the highest revenue',
        subTitleDe: 'Die 50 umsatzstärksten Kunden',
        icon: 'users',
      },
      {
        name: 'order-intake',
        titleEn: 'Order Intake',
        titleDe: 'Auftragseingang',
        subTitleEn: 'New orders per week',
        subTitleDe: 'Neue Aufträge je Woche',
        icon: 'receipt',
      },
    ],
  },
  {
    name: 'finance',
    titleEn: 'Finance',
    titleDe: 'Finanzen',
    icon: 'coin',
    items: [
      {
        name: 'profit-and-loss',
        titleEn: 'Profit and Loss',
        titleDe: 'Gewinn- und Verlustrechnung',
        subTitleEn: 'Income statement by month',
        subTitleDe: 'Erfolgsrechnung nach Monaten',
        icon: 'file-text',
      },
      {
        name: 'balance-sheet',
        titleEn: 'Balance Sheet',
        titleDe: 'Bilanz',
        subTitleEn: 'Assets, liabilities and equity',
        subTitleDe: 'Aktiva und Passiva',
        icon: 'table',
      },
      {
        name: 'cash-flow',
        titleEn: 'Cash Flow',
        titleDe: 'Kapitalflussrechnung',
        subTitleEn: 'Operating, investing and financing cash flow',
        subTitleDe: 'Cashflow aus Geschäfts-, Investitions- und Finanzierungstätigkeit',
        icon: 'coin',
      },
      {
        name: 'budget-vs-actual',
        titleEn: 'Budget vs. Actual',
        titleDe: 'Soll-Ist-Vergleich',
        subTitleEn: 'Deviations from the annual budget',
        subTitleDe: 'Abweichungen vom Jahresbudget',
        icon: 'target',
      },
      {
        name: 'cost-centres',
        titleEn: 'Cost Centres',
        titleDe: 'Kostenstellen',
        subTitleEn: 'Costs per cost centre and cost type',
        subTitleDe: 'Kosten je Kostenstelle und Kostenart',
        icon: 'chart-pie',
      },
      {
        name: 'open-receivables',
        titleEn: 'Open Receivables',
        titleDe: 'Offene Forderungen',
        subTitleEn: 'Overdue invoices by age',
        subTitleDe: 'Überfällige Rechnungen nach Alter',
        icon: 'receipt',
      },
    ],
  },
  {
    name: 'controlling',
    titleEn: 'Controlling',
    titleDe: 'Controlling',
    icon: 'target',
    items: [
      {
        name: 'pmxlayout',
        titleEn: 'Portfolio Matrix (PMX)',
        titleDe: 'Portfolio-Matrix (PMX)',
        subTitleEn: 'Products by growth and market share',
        subTitleDe: 'Produkte nach Wachstum und Marktanteil',
        icon: 'chart-area',
      },
      {
        name: 'ebitda-bridge',
        titleEn: 'EBITDA Bridge',
        titleDe: 'EBITDA Bridge',
        subTitleEn: 'From last year’s to this year’s EBITDA',
        subTitleDe: 'Vom Vorjahres- zum aktuellen EBITDA',
        icon: 'chart-bar',
        leaveTitleUntranslated: true,
      },
      {
        name: 'kpi-overview',
        titleEn: 'KPI Overview',
        titleDe: 'Kennzahlenübersicht',
        subTitleEn: 'Key performance indicators of all units',
        subTitleDe: 'Leistungskennzahlen aller Einheiten',
        icon: 'chart-line',
      },
      {
        name: 'contribution-margin',
        titleEn: 'Contribution Margin',
        titleDe: 'Deckungsbeitragsrechnung',
        subTitleEn: 'Margins per product and customer',
        subTitleDe: 'Deckungsbeiträge je Produkt und Kunde',
        icon: 'chart-pie',
      },
      {
        name: 'rolling-forecast',
        titleEn: 'Rolling Forecast',
        titleDe: 'Rollierende Prognose',
        subTitleEn: 'Expected revenue for the next 12 months',
        subTitleDe: 'Erwarteter Umsatz der nächsten 12 Monate',
        icon: 'trending-up',
      },
      {
        // Issue 5: the embedded report (a page this server serves, shown in a frame).
        name: 'kpi-glossary',
        titleEn: 'KPI Glossary',
        titleDe: 'Kennzahlen-Glossar',
        subTitleEn: 'How the key figures are calculated',
        subTitleDe: 'Wie die Kennzahlen berechnet werden',
        icon: 'file-text',
      },
      {
        name: 'variance-analysis',
        titleEn: 'Variance Analysis',
        titleDe: 'Abweichungsanalyse',
        subTitleEn: 'Price, volume and mix effects',
        subTitleDe: 'Preis-, Mengen- und Mixeffekte',
        icon: 'chart-line',
      },
    ],
  },
  {
    name: 'purchasing',
    titleEn: 'Purchasing & Logistics',
    titleDe: 'Einkauf & Logistik',
    icon: 'truck',
    items: [
      {
        name: 'supplier-rating',
        titleEn: 'Supplier Rating',
        titleDe: 'Lieferantenbewertung',
        subTitleEn: 'Quality, price and punctuality per supplier',
        subTitleDe: 'Qualität, Preis und Termintreue je Lieferant',
        icon: 'users',
      },
      {
        name: 'purchase-volume',
        titleEn: 'Purchase Volume',
        titleDe: 'Einkaufsvolumen',
        subTitleEn: 'Spend per material group',
        subTitleDe: 'Einkaufsvolumen je Warengruppe',
        icon: 'coin',
      },
      {
        name: 'inventory-levels',
        titleEn: 'Inventory Levels',
        titleDe: 'Lagerbestände',
        subTitleEn: 'Stock per warehouse',
        subTitleDe: 'Bestand je Lager',
        icon: 'package',
      },
      {
        name: 'delivery-reliability',
        titleEn: 'Delivery Reliability',
        titleDe: 'Liefertreue',
        subTitleEn: 'Deliveries on time and in full',
        subTitleDe: 'Termingerechte und vollständige Lieferungen',
        icon: 'truck',
      },
      {
        name: 'stock-turnover',
        titleEn: 'Stock Turnover',
        titleDe: 'Lagerumschlag',
        subTitleEn: 'Turnover rate and days of supply',
        subTitleDe: 'Umschlagshäufigkeit und Reichweite',
        icon: 'chart-line',
      },
    ],
  },
  {
    name: 'human-resources',
    titleEn: 'Human Resources',
    titleDe: 'Personal',
    icon: 'users',
    items: [
      {
        name: 'headcount',
        titleEn: 'Headcount',
        titleDe: 'Mitarbeiterzahl',
        subTitleEn: 'Employees and full-time equivalents',
        subTitleDe: 'Beschäftigte und Vollzeitäquivalente',
        icon: 'users',
      },
      {
        name: 'personnel-costs',
        titleEn: 'Personnel Costs',
        titleDe: 'Personalkosten',
        subTitleEn: 'Salaries and social security per department',
        subTitleDe: 'Gehälter und Sozialabgaben je Abteilung',
        icon: 'coin',
      },
      {
        name: 'absence-rate',
        titleEn: 'Absence Rate',
        titleDe: 'Fehlzeitenquote',
        subTitleEn: 'Sick days and holidays',
        subTitleDe: 'Krankheits- und Urlaubstage',
        icon: 'calendar',
      },
      {
        name: 'staff-turnover',
        titleEn: 'Staff Turnover',
        titleDe: 'Fluktuation',
        subTitleEn: 'Joiners and leavers per quarter',
        subTitleDe: 'Eintritte und Austritte je Quartal',
        icon: 'trending-up',
      },
      {
        name: 'training-hours',
        titleEn: 'Training Hours',
        titleDe: 'Weiterbildungsstunden',
        subTitleEn: 'Training per employee',
        subTitleDe: 'Weiterbildung je Mitarbeitendem',
        icon: 'calendar',
      },
    ],
  },
  {
    name: 'stores',
    titleEn: 'Stores',
    titleDe: 'Filialen',
    icon: 'building-store',
    items: [
      {
        name: 'store-ranking',
        titleEn: 'Store Ranking',
        titleDe: 'Filialranking',
        subTitleEn: 'Stores ranked by revenue per m²',
        subTitleDe: 'Filialen nach Umsatz je m²',
        icon: 'building-store',
      },
      {
        name: 'footfall',
        titleEn: 'Footfall',
        titleDe: 'Kundenfrequenz',
        subTitleEn: 'Visitors per day and hour',
        subTitleDe: 'Besucher je Tag und Stunde',
        icon: 'users',
      },
      {
        name: 'basket-size',
        titleEn: 'Average Basket',
        titleDe: 'Durchschnittlicher Warenkorb',
        subTitleEn: 'Receipt value and items per receipt',
        subTitleDe: 'Bonwert und Artikel je Bon',
        icon: 'receipt',
      },
      {
        name: 'store-comparison',
        titleEn: 'Like-for-Like Comparison',
        titleDe: 'Flächenbereinigter Vergleich',
        subTitleEn: 'Stores open for more than a year',
        subTitleDe: 'Filialen, die länger als ein Jahr geöffnet sind',
        icon: 'chart-bar',
      },
    ],
  },
  {
    name: 'external-services',
    titleEn: 'External Services',
    titleDe: 'Externe Dienste',
    icon: 'external-link',
    items: [
      {
        name: 'market-data-portal',
        titleEn: 'Market Data Portal',
        titleDe: 'Marktdatenportal',
        subTitleEn: 'Opens in a new window',
        subTitleDe: 'Öffnet sich in einem neuen Fenster',
        icon: 'world',
        externalUrl: 'https://example.com/market-data',
      },
      {
        name: 'report-archive',
        titleEn: 'Report Archive',
        titleDe: 'Berichtsarchiv',
        subTitleEn: 'Monthly reports as PDF',
        subTitleDe: 'Monatsberichte als PDF',
        icon: 'external-link',
        externalUrl: 'https://example.com/report-archive',
      },
    ],
  },
];

const beispielMenu: DemoMenuGroup[] = [
  {
    name: 'ba-overview',
    titleEn: 'Overview',
    titleDe: 'Überblick',
    icon: 'layout-dashboard',
    items: [
      {
        name: 'ba-revenue-overview',
        titleEn: 'Revenue Overview',
        titleDe: 'Umsatzübersicht',
        subTitleEn: 'Beispiel AG revenue by month',
        subTitleDe: 'Umsatz der Beispiel AG nach Monaten',
        icon: 'chart-line',
      },
      {
        name: 'ba-branch-report',
        titleEn: 'Branch Report',
        titleDe: 'Niederlassungsbericht',
        subTitleEn: 'Results per branch',
        subTitleDe: 'Ergebnisse je Niederlassung',
        icon: 'building-store',
      },
    ],
  },
  {
    name: 'ba-finance',
    titleEn: 'Finance',
    titleDe: 'Finanzen',
    icon: 'coin',
    items: [
      {
        name: 'ba-liquidity',
        titleEn: 'Liquidity',
        titleDe: 'Liquidität',
        subTitleEn: 'Cash and credit lines',
        subTitleDe: 'Kassenbestand und Kreditlinien',
        icon: 'coin',
      },
      { name: 'ba-cost-report', titleEn: 'Cost Report', titleDe: 'Kostenbericht', icon: 'table' },
    ],
  },
];

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
        uiCulture: 'en-GB',
        currencySymbol: '€',
      },
      {
        email: 'member@example.com',
        password: 'Cockpit-member-1',
        name: 'Max Member',
        roleKey: 'organisationmember',
        subscription: 'pro',
        uiLanguage: 'en',
        uiCulture: 'de-DE',
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
    menu: demoGmbhMenu,
    dashboardGroups: [
      {
        name: 'management',
        titleEn: 'Management',
        titleDe: 'Geschäftsführung',
        dashboards: [
          {
            layoutId: 101,
            titleEn: 'Executive Overview',
            titleDe: 'Überblick Geschäftsführung',
            subTitleEn: 'Revenue, margin and cash',
            subTitleDe: 'Umsatz, Marge und Liquidität',
          },
          {
            layoutId: 102,
            titleEn: 'Sales Performance',
            titleDe: 'Vertriebsleistung',
            subTitleEn: 'Targets and achievement',
            subTitleDe: 'Ziele und Zielerreichung',
          },
        ],
      },
      {
        name: 'operations',
        titleEn: 'Operations',
        titleDe: 'Betrieb',
        dashboards: [
          {
            layoutId: 201,
            titleEn: 'Logistics Monitor',
            titleDe: 'Logistik-Monitor',
            subTitleEn: 'Stock and deliveries',
            subTitleDe: 'Bestände und Lieferungen',
          },
        ],
      },
    ],
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
    menu: beispielMenu,
    dashboardGroups: [
      {
        name: 'ba-overview',
        titleEn: 'Overview',
        titleDe: 'Überblick',
        dashboards: [{ layoutId: 301, titleEn: 'Branch Overview', titleDe: 'Niederlassungsübersicht' }],
      },
    ],
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
