import { describe, expect, it } from 'vitest';
import { safeLandingPath } from '../src/features/single-sign-on/single-sign-on-plugin';

// Decision 020: after the provider, the browser lands on an in-app page — the login screen's own rule
// (contracts `safeRedirectPath`), so a tampered `redirectTo` can never send it to another host.
describe('where a single sign-on lands', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeLandingPath('/reports/sales-trend?range=all#top')).toBe('/reports/sales-trend?range=all#top');
    expect(safeLandingPath('/reports/../settings')).toBe('/settings');
  });

  it('goes to the root for another host, odd characters, the login screen or nothing', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'reports',
      '/login',
      '/LOGIN/',
      undefined,
    ]) {
      expect(safeLandingPath(target), String(target)).toBe('/');
    }
  });
});
