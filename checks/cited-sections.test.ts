import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, readText, root } from './source-files';

// A comment that says why cites where the reader finds the reason: a section of docs/product.md or a
// decision record (docs/decisions/). A parenthesised phrase that many files put after a sentence, like
// "(live notifications)", reads as such a citation, so it must be the heading of one: a phrase that
// names no heading sends the reader nowhere.

/** A parenthesised phrase of two or more lower-case words, not inside a quoted text. */
const parenthesisedPhrase = /\(([a-z][a-z-]*(?: [a-z][a-z-]*)+)\)(?!["'`])/g;
/** A phrase written in this many files is a label, not a remark of one comment. */
const labelFiles = 3;

/** Phrases several files write in parentheses that cite nothing and are not meant to. */
const notCitations: Record<string, string> = {
  'a download': 'says which kind of result a stream is',
  'default true': 'gives the default value of an option',
};

const folders = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'checks'];
const codeFile = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const commentLine = /^\s*(\/\/|\/\*|\*)/;

/** The phrases of a heading: its words without the section number, lower case. */
function headingPhrase(heading: string): string {
  return heading
    .replace(/^#+\s*/, '')
    .replace(/^(?:[A-Z]?\d+(?:\.\d+)*\.?|[A-Z]\.\d+)\s+/, '')
    .replace(/^\d{3}:\s*/, '')
    .toLowerCase()
    .trim();
}

/** Every heading of docs/product.md and the title of every decision record, as phrases. */
function citableSections(): Set<string> {
  const product = readText('docs/product.md')
    .split('\n')
    .filter((line) => /^#{1,4} /.test(line));
  const decisions = readdirSync(path.join(root, 'docs/decisions'))
    .filter((file) => /^\d{3}-.*\.md$/.test(file))
    .map((file) => readText(`docs/decisions/${file}`).split('\n')[0] ?? '');
  return new Set([...product, ...decisions].map(headingPhrase));
}

/** For each phrase written in parentheses in a comment: where, as `file:line`. */
function parenthesisedPhrasesInComments(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of filesUnder(
    folders,
    (name) => codeFile.test(name) && !name.startsWith('checks/lint-fixtures/'),
  )) {
    readText(file)
      .split('\n')
      .forEach((line, index) => {
        if (!commentLine.test(line)) return;
        for (const [, phrase] of line.matchAll(parenthesisedPhrase)) {
          if (!found.has(phrase!)) found.set(phrase!, []);
          found.get(phrase!)!.push(`${file}:${index + 1}`);
        }
      });
  }
  return found;
}

describe('cited sections', () => {
  const sections = citableSections();

  it('reads the headings of docs/product.md and the titles of the decision records', () => {
    expect(sections).toContain('live notifications');
    expect(sections).toContain('roles and permissions');
    expect(sections).toContain('calls');
    expect(headingPhrase('# 007: App integrity with a self-hosted proof of work')).toBe(
      'app integrity with a self-hosted proof of work',
    );
  });

  it('finds no comment label that names no section of docs/product.md and no decision record', () => {
    const labels = [...parenthesisedPhrasesInComments()].filter(
      ([phrase, places]) =>
        new Set(places.map((place) => place.split(':')[0])).size >= labelFiles && !(phrase in notCitations),
    );
    expect(labels.length).toBeGreaterThan(0);
    const uncited = labels
      .filter(([phrase]) => !sections.has(phrase))
      .map(
        ([phrase, places]) =>
          `(${phrase}) in ${places.length} comments, e.g. ${places.slice(0, 3).join(', ')}`,
      );
    expect(uncited, 'cite the section: (docs/product.md §X) or (decision NNN)').toEqual([]);
  });

  it('lists only phrases that are still written in several files', () => {
    const phrases = parenthesisedPhrasesInComments();
    const stale = Object.keys(notCitations).filter(
      (phrase) => new Set((phrases.get(phrase) ?? []).map((place) => place.split(':')[0])).size < labelFiles,
    );
    expect(stale).toEqual([]);
  });
});
