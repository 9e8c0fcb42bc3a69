import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiRoutes } from '@cockpit/contracts';
import helmet from 'helmet';
import type { App } from '../app-types';
import type { Config } from '../config';

/** Where the GA4 tag loads from and reports to (Google's CSP guide for GA4). */
const analyticsScriptHost = 'https://www.googletagmanager.com';
const analyticsConnectHosts = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const analyticsImageHosts = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * The Content-Security-Policy directives (decision 008). Scripts come only from this origin, plus the tag
 * manager when a GA measurement id is configured (docs/product.md §D.3 Analytics); frames only from the
 * configured report origins. Styles allow 'unsafe-inline' because Mantine writes its theme variables
 * into a <style> element at run time (docs/decisions/008-strict-csp-with-inline-styles-and-public-api-docs.md).
 */
export function contentSecurityPolicyDirectives(config: Config): Record<string, string[]> {
  const analytics = config.gaMeasurementId !== null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...(analytics ? [analyticsScriptHost] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(analytics ? analyticsImageHosts : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(analytics ? analyticsConnectHosts : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // 'self': the server's own embedded-report pages (/embedded/*, reports and dashboards), which allow framing by this
    // origin only; other report origins only when configured.
    'frame-src': ["'self'", ...config.reportFrameOrigins],
  };
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

const isHttps = (config: Config) => config.publicUrl.startsWith('https://');

/** Nothing the app does needs these browser features. */
const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * The same headers as helmet sets with the options below, for the few answers Fastify's router writes
 * before any hook runs (a malformed URL, an over-long path parameter): see plugins/error-handler.ts.
 * test/security-headers.test.ts compares both, so they cannot drift apart.
 */
export function staticSecurityHeaders(config: Config): Record<string, string> {
  const csp = Object.entries(contentSecurityPolicyDirectives(config))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(isHttps(config) ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': permissionsPolicy,
    'cache-control': 'no-store',
  };
}

/** What helmet's middleware sets with `options`, read once: it only ever sets these fixed values. */
function helmetHeaderValues(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const values: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (values[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete values[name.toLowerCase()],
  };
  let failure: { error: unknown } | undefined;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => void (failure = error ? { error } : undefined),
  );
  if (failure) throw failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  return values;
}

/** API answers carry personal and business data: never stored by browsers or shared caches. */
const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers on every response (security hardening, OWASP ASVS 5.0 §3.4): helmet with a strict CSP, HSTS
 * only when PUBLIC_URL is https (a plain-http development server must not pin browsers to https),
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, and API answers never cached.
 *
 * Decision 028: the values never change, so helmet runs once at start-up and each request gets one of
 * two ready header sets (API or not) in one synchronous hook — instead of helmet's twelve middleware
 * steps writing to the raw response and an `onSend` hook per request. A route's own `cache-control`
 * still wins: it is set later and replaces this one.
 */
export async function registerSecurityHeaders(app: App): Promise<void> {
  const { config } = app;
  const common = {
    ...helmetHeaderValues({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
      strictTransportSecurity: isHttps(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // COEP would block the analytics tag and framed reports; CSP covers what it would add here.
      crossOriginEmbedderPolicy: false,
    }),
    'permissions-policy': permissionsPolicy,
  };
  const api = { ...common, 'cache-control': 'no-store' };
  const commonEntries = Object.entries(common);
  const streamPath = apiRoutes.streamNotifications.path;

  app.addHook('onRequest', (request, reply, done) => {
    // The notification stream writes its own head on the raw response (it takes the reply over):
    // only headers already on the raw response reach it. It sets its own cache-control.
    // (The URL first: `routeOptions` builds an object on every read.)
    if (request.url.startsWith(streamPath) && request.routeOptions.url === streamPath) {
      for (const [name, value] of commonEntries) reply.raw.setHeader(name, value);
    } else {
      reply.headers(isApiUrl(request.url) ? api : common);
    }
    done();
  });
}
