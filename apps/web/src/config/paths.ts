import { dashboardPagePath, reportPagePath } from '@cockpit/contracts';
// Every route path of the app, defined once (spec §2 routes). Route definitions use `path`; links and
// redirects use `getHref` so no component builds a URL by hand.

/** A same-origin path the login screen may return to after signing in (never another host). */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/**
 * Whether a page loaded at `pathname` is the login screen, as the router would match it (any case, a
 * trailing slash): such a page is drawn without the router (app/index.tsx, decision 011).
 */
export function isLoginPathname(pathname: string): boolean {
  return pathname.toLowerCase().replace(/\/+$/, '') === '/login';
}

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  login: {
    path: '/login',
    /** `redirectTo` is the page originally requested; it is dropped unless it is a safe in-app path. */
    getHref: (redirectTo?: string | null) =>
      isSafeRedirect(redirectTo) && redirectTo !== '/' && !redirectTo.startsWith('/login')
        ? `/login?redirectTo=${encodeURIComponent(redirectTo)}`
        : '/login',
  },
  settings: {
    path: '/settings',
    getHref: () => '/settings',
  },
  dashboards: {
    path: '/dashboards',
    getHref: () => '/dashboards',
  },
  /** A dashboard by its numeric layout id (spec §3: a dashboard item's name holds it). */
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
  contractCenter: {
    path: '/management/administrator/contractcenter',
    getHref: () => '/management/administrator/contractcenter',
  },
  report: {
    path: '/reports/:name',
    getHref: reportPagePath,
  },
} as const;
