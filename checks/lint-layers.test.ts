import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The layers of docs/decisions/023-layers-enforced-by-lint.md: each fixture breaks (or keeps) one rule
// and is linted with the real eslint.config.mjs as if it lived where its first line says. The fixtures
// are ignored by `npm run lint` itself; `ignore: false` lints them here.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'checks', 'lint-fixtures');

interface Fixture {
  file: string;
  /** Where the fixture pretends to be (`here`: its own place, for fixtures that import each other). */
  lintAs: string;
  /** The rule ids that must fire; empty: no import rule may fire. */
  expected: string[];
}

function readFixtures(): Fixture[] {
  const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  return files.flatMap((file) => {
    const text = readFileSync(path.join(fixtures, file), 'utf8');
    const lintAs = /^\/\/ lint as: (\S+)$/m.exec(text)?.[1];
    const expect = /^\/\/ expect: (.+)$/m.exec(text)?.[1];
    if (!lintAs || !expect) return []; // a module another fixture imports
    return [{ file, lintAs, expected: expect === 'nothing' ? [] : expect.split(/,\s*/) }];
  });
}

// A fixture pretends to live under src/, where the type-aware rules (decision 036) need the file in a
// tsconfig; they are not what these fixtures test, so they are switched off here.
const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: tseslint.configs.disableTypeChecked });

async function importRuleIds({ file, lintAs }: Fixture): Promise<string[]> {
  const filePath = path.join(fixtures, file);
  const [result] =
    lintAs === 'here'
      ? await eslint.lintFiles([filePath])
      : await eslint.lintText(readFileSync(filePath, 'utf8'), { filePath: path.join(root, lintAs) });
  const fatal = result?.messages.filter((message) => message.fatal) ?? [];
  expect(fatal, 'the fixture must parse').toEqual([]);
  return [
    ...new Set(
      result?.messages.map((message) => message.ruleId ?? '').filter((id) => id.startsWith('import-x/')),
    ),
  ];
}

describe('lint layers', () => {
  const all = readFixtures();

  it('has a fixture for every rule', () => {
    const rules = new Set(all.flatMap((fixture) => fixture.expected));
    expect([...rules].sort()).toEqual(['import-x/no-cycle', 'import-x/no-restricted-paths']);
    expect(all.length).toBeGreaterThanOrEqual(9);
  });

  for (const fixture of all) {
    const what = fixture.expected.length > 0 ? fixture.expected.join(', ') : 'no import rule';
    it(`${fixture.file}: ${what}`, async () => {
      expect(await importRuleIds(fixture)).toEqual(fixture.expected);
    });
  }
});
