import {
  dashboardPagePath,
  isLoginPathname,
  reportPagePath,
  safeRedirectPath as safeRedirectPathIn,
} from '@cockpit/contracts';
// Every route path of the app, defined once (docs/product.md §2 routes). Route definitions use `path`; links and
// redirects use `getHref` so no component builds a URL by hand.

const pageOrigin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** The in-app address the login screen may go to (contracts `safeRedirectPath`), against this page's origin. */
export function safeRedirectPath(
  target: string | null | undefined,
  origin: string = pageOrigin(),
): string | null {
  return safeRedirectPathIn(target, origin);
}

/** A same-origin path the login screen may return to after signing in (never another host). */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return safeRedirectPath(target) !== null;
}

export { isLoginPathname };

export const paths = {
  /** The root: redirects to the reports area's home (docs/product.md §2 "empty path redirects to reports"). */
  home: {
    path: '/',
    getHref: () => '/',
  },
  /** The reports area's home (docs/product.md §D.3 routes): recents, favourites, featured, latest notifications. */
  reportsHome: {
    path: '/reports',
    getHref: () => '/reports',
  },
  login: {
    path: '/login',
    /** `redirectTo` is the page originally requested; it is dropped unless it is a safe in-app path. */
    getHref: (redirectTo?: string | null) =>
      isSafeRedirect(redirectTo) &&
      redirectTo !== '/' &&
      redirectTo !== '/reports' &&
      !redirectTo.startsWith('/login')
        ? `/login?redirectTo=${encodeURIComponent(redirectTo)}`
        : '/login',
  },
  /**
   * "Choose a new password" (decision 022): where a user with a one-time password goes first;
   * `redirectTo` is the page to continue to, dropped unless it is a safe in-app path.
   */
  passwordChange: {
    path: '/change-password',
    getHref: (redirectTo?: string | null) =>
      isSafeRedirect(redirectTo) &&
      redirectTo !== '/' &&
      redirectTo !== '/reports' &&
      !redirectTo.startsWith('/change-password')
        ? `/change-password?redirectTo=${encodeURIComponent(redirectTo)}`
        : '/change-password',
  },
  /** "Forgot password?" (decision 031): the e-mail address to mail a link to; no sign-in. */
  forgotPassword: {
    path: '/forgot-password',
    getHref: () => '/forgot-password',
  },
  /** Where the forgotten-password mail's link opens (the token in the fragment, never sent to a server). */
  resetPassword: {
    path: '/reset-password',
    getHref: () => '/reset-password',
  },
  settings: {
    path: '/settings',
    getHref: () => '/settings',
  },
  /** Where the organisation's two-factor policy sends users without a second factor (decision 021). */
  twoFactorSetup: {
    path: '/two-factor-setup',
    getHref: () => '/two-factor-setup',
  },
  dashboards: {
    path: '/dashboards',
    getHref: () => '/dashboards',
  },
  /** A dashboard by its numeric layout id (docs/product.md §3: a dashboard item's name holds it). */
  dashboard: {
    path: '/dashboards/:layoutId',
    getHref: dashboardPagePath,
  },
  management: {
    path: '/management',
    getHref: () => '/management',
  },
  managementUsers: {
    path: '/management/users',
    getHref: () => '/management/users',
  },
  managementNotifications: {
    path: '/management/notifications',
    getHref: () => '/management/notifications',
  },
  managementBanners: {
    path: '/management/banners',
    getHref: () => '/management/banners',
  },
  /** Management → Catalogue (decision 015): menu groups, items, dashboards, "Preview as", export/import. */
  managementCatalogue: {
    path: '/management/catalogue',
    getHref: () => '/management/catalogue',
  },
  /** Management → Activity (decision 015): what administrators did, newest first. */
  managementActivity: {
    path: '/management/activity',
    getHref: () => '/management/activity',
  },
  /** Management → Mail (decision 029): deliveries of subscriptions and the mail outbox. */
  managementMail: {
    path: '/management/mail',
    getHref: () => '/management/mail',
  },
  /** Management → Sign-in (decision 020): single sign-on provider and two-factor policy. */
  managementSignIn: {
    path: '/management/sign-in',
    getHref: () => '/management/sign-in',
  },
  /** Management → Data (decision 027): data sources and report definitions. */
  managementData: {
    path: '/management/data',
    getHref: () => '/management/data',
  },
  /** A data source: its connection, the connection test, its tables (and uploads for uploaded tables). */
  managementDataSource: {
    path: '/management/data/sources/:name',
    getHref: (name: string) => `/management/data/sources/${encodeURIComponent(name)}`,
  },
  /** A report definition's editor; a new one has its own address, so that no definition name is reserved. */
  managementDefinition: {
    path: '/management/data/definitions/:name',
    getHref: (name: string) => `/management/data/definitions/${encodeURIComponent(name)}`,
  },
  managementNewDefinition: {
    path: '/management/data/new-definition',
    getHref: () => '/management/data/new-definition',
  },
  /** Management → Data → Query log: every run of report SQL (decision 027). */
  managementQueryLog: {
    path: '/management/data/query-log',
    getHref: () => '/management/data/query-log',
  },
  contractCenter: {
    path: '/management/administrator/contractcenter',
    getHref: () => '/management/administrator/contractcenter',
  },
  report: {
    path: '/reports/:name',
    getHref: reportPagePath,
  },
} as const;
