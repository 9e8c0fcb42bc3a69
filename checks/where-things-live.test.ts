import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './source-files';

// The README's "Where things live" tour stays true: every folder it names exists, and every feature folder
// of the server and the web app is named there. Its code block holds one line per folder or group of
// folders: the leading `name/` words are folders, the rest describes them; a line indented under a line
// of one folder names folders inside it.

interface Named {
  folder: string;
  line: number;
}

/** The folders the tour names, relative to the repository, with the README line naming each. */
function foldersOfTour(readme: string): Named[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line === '## Where things live');
  if (start < 0) throw new Error('README.md has no "## Where things live" section');
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const section = lines.slice(start + 1, end < 0 ? undefined : end);
  const open = section.findIndex((line) => line.startsWith('```'));
  const close = section.findIndex((line, index) => index > open && line.startsWith('```'));
  if (open < 0 || close < 0) throw new Error('"Where things live" has no code block');

  const named: Named[] = [];
  const parents: { indent: number; folder: string }[] = [];
  section.slice(open + 1, close).forEach((text, index) => {
    if (text.trim() === '') return;
    const line = start + 1 + open + 1 + index + 1;
    const indent = text.length - text.trimStart().length;
    const words = text.trim().split(/\s+/);
    const description = words.findIndex((word) => !word.endsWith('/'));
    const leading = description < 0 ? words : words.slice(0, description);
    if (leading.length === 0) throw new Error(`README.md:${line} does not start with a folder (\`name/\`)`);
    while (parents.length > 0 && (parents.at(-1)?.indent ?? 0) >= indent) parents.pop();
    const base = parents.at(-1)?.folder ?? '';
    for (const word of leading) named.push({ folder: path.posix.join(base, word.replace(/\/$/, '')), line });
    if (leading.length === 1)
      parents.push({ indent, folder: path.posix.join(base, leading[0]!.replace(/\/$/, '')) });
  });
  return named;
}

function subfolders(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.posix.join(folder, entry.name));
}

describe('README "Where things live"', () => {
  const named = foldersOfTour(readFileSync(path.join(root, 'README.md'), 'utf8'));

  it('reads nested lines as folders inside the line above', () => {
    const tour = ['## Where things live', '```', 'a/  one', '  b/ c/  two', '    d/', 'e/', '```'].join('\n');
    // `d/` is inside `a/`: a line of several folders is no parent.
    expect(foldersOfTour(tour).map((entry) => entry.folder)).toEqual(['a', 'a/b', 'a/c', 'a/d', 'e']);
    expect(
      foldersOfTour(['## Where things live', '```', 'a/', '  b/', '    c/', '```'].join('\n')).at(-1)?.folder,
    ).toBe('a/b/c');
  });

  it('names only folders that exist', () => {
    const missing = named.filter(({ folder }) => {
      const full = path.join(root, folder);
      return !existsSync(full) || !statSync(full).isDirectory();
    });
    expect(missing.map(({ folder, line }) => `README.md:${line} ${folder}`)).toEqual([]);
  });

  it('names every feature folder of the server and the web app', () => {
    const folders = new Set(named.map(({ folder }) => folder));
    const features = [...subfolders('apps/server/src/features'), ...subfolders('apps/web/src/features')];
    expect(features.length).toBeGreaterThan(10);
    expect(features.filter((feature) => !folders.has(feature))).toEqual([]);
  });
});
