import { describe, expect, it } from 'vitest';

// The web app asks the contracts' `isAdministrator` (packages/contracts/src/role-keys.ts) wherever
// something differs for administrators; a role key compared by hand would let the two sides drift apart.

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A role key compared by hand with the administrator's, or the administrator's key used directly. */
const handMadeRule =
  /managementRoleKey|roleKey\s*[!=]==?\s*['"]organisationadministrator['"]|['"]organisationadministrator['"]\s*[!=]==?/;

describe('the administrator rule in the web app', () => {
  it('is asked of isAdministrator, never written by hand', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const handMade = Object.entries(sources)
      .filter(([, text]) => handMadeRule.test(text))
      .map(([file]) => file);
    expect(handMade).toEqual([]);
  });

  it('the pattern would find a role check written by hand', () => {
    expect(handMadeRule.test('isAdministrator={settings.data?.roleKey === managementRoleKey}')).toBe(true);
    expect(handMadeRule.test("if (user.roleKey !== 'organisationadministrator') return;")).toBe(true);
    expect(handMadeRule.test("roleKey: 'organisationadministrator',")).toBe(false);
  });
});
