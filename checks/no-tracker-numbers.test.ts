import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, readText, root } from './source-files';

// Code comments, tests and docs name the feature, the section of docs/product.md or the decision record
// (docs/decisions/) — never a numbered tracker entry: the tracker is not part of the repository, and
// its numbers mean nothing to a reader of the code.
const trackerNumber = /\bissues? #?\d+/i;

const folders = ['apps', 'packages', 'e2e', 'bench', 'docs', 'scripts', 'checks', 'deploy', '.ci'];
const rootFiles = [
  'README.md',
  'package.json',
  'playwright.config.ts',
  'vitest.config.ts',
  'eslint.config.mjs',
];
const textFile = /(\.(ts|tsx|mts|mjs|js|cjs|json|md|css|html|yml|yaml|conf|sh|sql)|\/run)$/;
/** Applied migrations are history (drizzle-kit writes their snapshots); they are not edited afterwards. */
const history = /^apps\/server\/drizzle\//;

describe('words', () => {
  it('no code, test or document names a tracker entry by number', () => {
    const files = [
      ...filesUnder(folders, (file) => textFile.test(file) && !history.test(file)),
      ...rootFiles.filter((file) => existsSync(path.join(root, file))),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readText(file)
        .split('\n')
        .flatMap((line, index) => (trackerNumber.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found, 'name the feature or the decision record (docs/decisions/) instead').toEqual([]);
  });
});
