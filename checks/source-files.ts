import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Never read: installed, built, generated or run-time output. */
const skippedFolders = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'playwright-report',
  '.cache',
]);

/** Text files under `folders` (paths relative to the root, with `/`), whose name passes `keep`. */
export function filesUnder(folders: string[], keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      return; // a folder this checkout does not have
    }
    for (const entry of entries) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(relative);
      } else if (entry.isFile() && keep(relative)) {
        found.push(relative);
      }
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

export function readText(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}
