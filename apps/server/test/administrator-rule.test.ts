import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { roleKeys } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { isAdministrator } from '../src/plugins/require-admin';

// spec §6: the administrator rule is decided in one place on the server, plugins/require-admin.ts. The
// management routes (`requireAdmin`) and the new-contract notice (test/management.test.ts) use it.

const sourceRoot = path.resolve(import.meta.dirname, '../src');
const ruleFile = path.join('plugins', 'require-admin.ts');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A role key compared by hand with the administrator's, or the administrator's key used directly. */
const handMadeRule =
  /managementRoleKey|roleKey\s*[!=]==?\s*['"]organisationadministrator['"]|['"]organisationadministrator['"]\s*[!=]==?/;

describe('the administrator rule', () => {
  it('holds for organisation administrators only', () => {
    expect(roleKeys.filter((roleKey) => isAdministrator({ roleKey }))).toEqual(['organisationadministrator']);
  });

  it('is decided only in plugins/require-admin.ts', () => {
    const files = sourceFiles(sourceRoot);
    expect(files).toContain(path.join(sourceRoot, ruleFile));
    const elsewhere = files
      .filter((file) => path.relative(sourceRoot, file) !== ruleFile)
      .filter((file) => handMadeRule.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceRoot, file));
    expect(elsewhere).toEqual([]);
  });

  it('the pattern would find a role check written by hand', () => {
    expect(handMadeRule.test("if (user.roleKey !== 'organisationadministrator') return;")).toBe(true);
    expect(handMadeRule.test('if (user.roleKey === managementRoleKey) show();')).toBe(true);
    expect(handMadeRule.test("roleKey: 'organisationadministrator',")).toBe(false);
  });
});
