// Runs before the app's modules (a classic script; modules are deferred). The app is served with a
// Content-Security-Policy without 'unsafe-eval' (docs/decisions/008-strict-csp-with-inline-styles-and-public-api-docs.md): zod would otherwise probe
// `new Function` while building its schemas, which the browser blocks and reports as a CSP violation.
// zod reads this global configuration when it loads.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
