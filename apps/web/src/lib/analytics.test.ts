import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserAnalyticsEnvironment,
  createAnalytics,
  resetAnalyticsForTests,
  startAnalytics,
  trackReportOpen,
  type AnalyticsEnvironment,
} from './analytics';

// docs/product.md §D.3 Analytics: GA4 only with a measurement id; `report_open` for totalviewlayout / pmxlayout.

function fakeEnvironment() {
  const gtag = vi.fn();
  const loadScript = vi.fn();
  const environment: AnalyticsEnvironment = { loadScript, getGtag: () => gtag };
  return { gtag, loadScript, environment };
}

afterEach(() => {
  resetAnalyticsForTests();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  delete (window as { gtag?: unknown }).gtag;
  delete (window as { dataLayer?: unknown }).dataLayer;
});

describe('analytics', () => {
  it('with a measurement id loads the tag from the tag manager host and sends report_open', () => {
    const { gtag, loadScript, environment } = fakeEnvironment();
    const analytics = createAnalytics('G-TEST123', environment);
    expect(analytics.enabled).toBe(true);
    expect(loadScript).toHaveBeenCalledWith('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(gtag).toHaveBeenCalledWith('config', 'G-TEST123', { send_page_view: false });

    gtag.mockClear();
    analytics.trackReportOpen('totalviewlayout');
    analytics.trackReportOpen('pmxlayout');
    analytics.trackReportOpen('sales-trend');
    expect(gtag.mock.calls).toEqual([
      ['event', 'report_open', { report_name: 'totalviewlayout' }],
      ['event', 'report_open', { report_name: 'pmxlayout' }],
    ]);
  });

  it.each([null, '', 'UA-1234', 'G-<script>'])('with %j loads nothing and sends nothing', (id) => {
    const { gtag, loadScript, environment } = fakeEnvironment();
    const analytics = createAnalytics(id, environment);
    analytics.trackReportOpen('totalviewlayout');
    expect(analytics.enabled).toBe(false);
    expect(loadScript).not.toHaveBeenCalled();
    expect(gtag).not.toHaveBeenCalled();
  });

  it('in the page: no id → no script element and no dataLayer', () => {
    startAnalytics(null);
    trackReportOpen('totalviewlayout');
    expect(document.querySelector('script')).toBeNull();
    expect((window as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('in the page: an id adds one async script and queues the event in the dataLayer', () => {
    startAnalytics('G-ABC', browserAnalyticsEnvironment);
    startAnalytics('G-ABC', browserAnalyticsEnvironment); // once per page
    trackReportOpen('pmxlayout');
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC');
    expect(scripts[0]?.async).toBe(true);
    const queued = ((window as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry): unknown[] =>
      Array.from(entry as ArrayLike<unknown>),
    );
    expect(queued).toContainEqual(['event', 'report_open', { report_name: 'pmxlayout' }]);
  });
});
