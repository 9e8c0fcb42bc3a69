import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './source-files';

// Code, tests, scripts and configuration cite what a reader of the repository can open: a section of
// docs/product.md, docs/tools.md, docs/conventions.md or a decision record — never the product notes,
// design notes or tool notes that lived beside the repository before they were written down here.
const outsideDocuments: Array<[RegExp, string]> = [
  [/\b[Ss]pec\s+§/, 'a section of the specification: cite docs/product.md §N'],
  // The specification's file, by its name's two halves (this list must not cite it either).
  [/cockpit-(?:spec)\.md/, 'the specification: cite docs/product.md'],
  [/DESIGN\.md/, 'the design notes: cite docs/product.md §D.N or a decision record'],
  [/STACK\.md/, 'the tool notes: cite docs/tools.md or docs/decisions/033-dependencies.md'],
  [/STYLE\.md/, 'the style notes: cite docs/conventions.md'],
  [/\.\.\/shared\//, 'a folder outside the repository'],
];

/** docs/ is the repository's own documentation; everything else is checked. */
const checked = (file: string) => !file.startsWith('docs/');
const binary = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|pdf|zip|gz|wasm)$/i;

describe('words', () => {
  it('no tracked file outside docs/ cites a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '' && checked(file) && !binary.test(file));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // deleted in the working tree, not yet committed
      }
      text.split('\n').forEach((line, index) => {
        for (const [pattern, instead] of outsideDocuments) {
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${instead}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
