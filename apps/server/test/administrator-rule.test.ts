import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isAdministrator, roleKeys } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';

// docs/product.md §6: the administrator rule is decided once, by `isAdministrator` in the contracts
// (packages/contracts/src/role-keys.ts), which the server's management guard (plugins/require-admin.ts)
// and every web check ask (the web side's guard: apps/web/src/app/administrator-rule.test.ts). No server
// file writes the rule by hand.

const sourceRoot = path.resolve(import.meta.dirname, '../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * A role key compared by hand with the administrator's (in code or in a query filter such as
 * `eq(user.roleKey, …)`), or the administrator's key used directly.
 */
const handMadeRule =
  /managementRoleKey|roleKey\s*[!=]==?\s*['"]organisationadministrator['"]|['"]organisationadministrator['"]\s*[!=]==?|roleKey\s*,\s*['"]organisationadministrator['"]/;

describe('the administrator rule', () => {
  it('holds for organisation administrators only', () => {
    expect(roleKeys.filter((roleKey) => isAdministrator({ roleKey }))).toEqual(['organisationadministrator']);
  });

  it('is written by hand in no server file', () => {
    const files = sourceFiles(sourceRoot);
    expect(files.length).toBeGreaterThan(100);
    const elsewhere = files
      .filter((file) => handMadeRule.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceRoot, file));
    expect(elsewhere).toEqual([]);
  });

  it('the pattern would find a role check written by hand', () => {
    expect(handMadeRule.test("if (user.roleKey !== 'organisationadministrator') return;")).toBe(true);
    expect(handMadeRule.test('if (user.roleKey === managementRoleKey) show();')).toBe(true);
    expect(handMadeRule.test("where(eq(user.roleKey, 'organisationadministrator'))")).toBe(true);
    expect(handMadeRule.test("roleKey: 'organisationadministrator',")).toBe(false);
  });
});
