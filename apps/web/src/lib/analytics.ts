/**
 * Analytics (docs/product.md §1, §2 Main menu; docs/product.md §D.3): the Google Analytics 4 tag is loaded only when the
 * server configures a measurement id; opening `totalviewlayout` or `pmxlayout` sends the event
 * `report_open` with the report's name. Without an id nothing is loaded and nothing is sent.
 */
export type Gtag = (...args: unknown[]) => void;

/** docs/product.md §2 "Items named totalviewlayout and pmxlayout record an analytics event when opened". */
export const trackedReportNames: ReadonlySet<string> = new Set(['totalviewlayout', 'pmxlayout']);
export const reportOpenEvent = 'report_open';
/** The tag manager host (docs/product.md §1 "from a tag manager host"). */
export const tagHost = 'https://www.googletagmanager.com';

const measurementIdPattern = /^G-[A-Z0-9]+$/;

export type AnalyticsEnvironment = {
  /** Adds the tag script to the page. */
  loadScript: (src: string) => void;
  /** The page's `gtag`, created on first use. */
  getGtag: () => Gtag;
};

export type Analytics = {
  readonly enabled: boolean;
  /** Sends `report_open` when `name` is one of the tracked reports; otherwise nothing. */
  trackReportOpen: (name: string) => void;
};

const disabled: Analytics = { enabled: false, trackReportOpen: () => undefined };

/** Analytics for one measurement id; `null` (or anything that is not a GA4 id) loads nothing. */
export function createAnalytics(measurementId: string | null, environment: AnalyticsEnvironment): Analytics {
  if (measurementId === null || !measurementIdPattern.test(measurementId)) return disabled;
  environment.loadScript(`${tagHost}/gtag/js?id=${encodeURIComponent(measurementId)}`);
  const gtag = environment.getGtag();
  gtag('js', new Date());
  // Page views are not what docs/product.md asks for; only the report event is sent.
  gtag('config', measurementId, { send_page_view: false });
  return {
    enabled: true,
    trackReportOpen: (name) => {
      if (trackedReportNames.has(name)) gtag('event', reportOpenEvent, { report_name: name });
    },
  };
}

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

/** The browser: the standard gtag.js snippet (a `dataLayer` queue the script drains once loaded). */
export const browserAnalyticsEnvironment: AnalyticsEnvironment = {
  loadScript: (src) => {
    if (document.querySelector(`script[src="${src}"]`)) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    document.head.appendChild(script);
  },
  getGtag: () => {
    const page = window as GtagWindow;
    page.dataLayer ??= [];
    page.gtag ??= function gtag() {
      // gtag.js expects the `arguments` object itself, not an array copy.
      // eslint-disable-next-line prefer-rest-params
      page.dataLayer?.push(arguments);
    };
    return page.gtag;
  },
};

let current: { measurementId: string | null; analytics: Analytics } | undefined;

/** Starts analytics once per page for the configured id (the app config answer). */
export function startAnalytics(
  measurementId: string | null,
  environment: AnalyticsEnvironment = browserAnalyticsEnvironment,
): Analytics {
  if (current && current.measurementId === measurementId) return current.analytics;
  current = { measurementId, analytics: createAnalytics(measurementId, environment) };
  return current.analytics;
}

/** Sends `report_open` for a tracked report if analytics runs; a no-op otherwise. */
export function trackReportOpen(name: string): void {
  current?.analytics.trackReportOpen(name);
}

/** Test helper. */
export function resetAnalyticsForTests(): void {
  current = undefined;
}
