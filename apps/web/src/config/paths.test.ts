import { describe, expect, it } from 'vitest';
import { loginTarget } from '../app/routes/auth/login-screen';
import { isSafeRedirect, paths, safeRedirectPath } from './paths';

// docs/product.md §2 `redirectTo`: after signing in the user goes back to the page originally requested — only
// ever a page of this app. The attack strings are the ones a security review sent through the login URL.

const origin = 'https://cockpit.example';

/** The `redirectTo` value the page reads from `/login?redirectTo=<raw>`. */
const fromQuery = (raw: string) => new URLSearchParams(`redirectTo=${raw}`).get('redirectTo');

const attacks = [
  fromQuery('%2F%09%2Fevil.example'), // "/\t/evil.example": the browser drops the tab → //evil.example
  fromQuery('%2F%0A%2Fevil.example'), // a newline, likewise
  fromQuery('%2F%0D%2Fevil.example'),
  fromQuery('/%09\\evil.example'), // "/\t\evil.example"
  '/\t/evil.example',
  '/\n/evil.example',
  '/\t\\evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '//evil.example',
  '//evil.example/reports',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'evil.example',
  ' /evil',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '',
  null,
  undefined,
];

describe('safeRedirectPath', () => {
  it.each(attacks.map((attack) => [JSON.stringify(attack), attack]))('refuses %s', (_label, attack) => {
    expect(safeRedirectPath(attack, origin)).toBeNull();
  });

  it('keeps in-app paths with their query and hash, resolved against the page', () => {
    expect(safeRedirectPath('/settings', origin)).toBe('/settings');
    expect(safeRedirectPath('/settings?tab=a#b', origin)).toBe('/settings?tab=a#b');
    expect(safeRedirectPath('/reports/a%20b', origin)).toBe('/reports/a%20b');
    // Dot segments are resolved: what is returned is the address the browser would go to.
    expect(safeRedirectPath('/reports/../settings', origin)).toBe('/settings');
    // An encoded tab inside a path segment stays encoded (a harmless, unknown page of this app).
    expect(safeRedirectPath('/%09/evil.example', origin)).toBe('/%09/evil.example');
  });

  it('is what isSafeRedirect and the login link use', () => {
    for (const attack of attacks) {
      expect(isSafeRedirect(attack)).toBe(false);
      expect(paths.login.getHref(attack)).toBe('/login');
    }
    expect(paths.login.getHref('/settings')).toBe('/login?redirectTo=%2Fsettings');
  });
});

describe('loginTarget', () => {
  it.each(attacks.map((attack) => [JSON.stringify(attack), attack]))(
    'goes to the root instead of %s',
    (_label, attack) => {
      expect(loginTarget(attack ?? null)).toBe('/');
    },
  );

  it('goes to the page originally requested, never back to the login screen', () => {
    expect(loginTarget('/settings?tab=a')).toBe('/settings?tab=a');
    expect(loginTarget('/login?redirectTo=%2Fsettings')).toBe('/');
    expect(loginTarget('/LOGIN/')).toBe('/');
  });
});
