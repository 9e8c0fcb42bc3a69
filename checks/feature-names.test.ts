import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiEndpoints, apiRoutes, authApiPrefix } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { filesUnder, readText, root } from './source-files';

// One concept has one name on both sides (README.md "Where things live"): an endpoint is served by a server
// folder — a feature `apps/server/src/features/<x>/` or a module `apps/server/src/<x>/` (a top-level folder
// with an `index.ts` as its public face) — and the web calls it from the web feature of the same name
// `apps/web/src/features/<x>/`. A reader who finds a call in the web app then knows where it is answered.

type OperationId = keyof typeof apiEndpoints;

/**
 * A web feature that calls another feature's endpoint because it is a page composed of several features'
 * content. Each exception names the endpoints and says why; it is never needed for the serving folder's
 * own feature, and one that is no longer needed fails the check.
 */
interface CompositePage {
  webFeature: string;
  endpoints: OperationId[];
  reason: string;
}

const compositePages: CompositePage[] = [
  {
    webFeature: 'home',
    endpoints: ['getFeatured'],
    reason: 'the home page shows what the administrators featured beside recents and favourites',
  },
  {
    webFeature: 'users',
    endpoints: ['resetUserTwoFactor'],
    reason: 'the user management dialog offers every action on one user, removing their second factor too',
  },
];

const sourceFile = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/test\/|\/testing\//.test(file);

/** The operation ids a file names as `apiEndpoints.<id>` or (zod-free, on the web) `apiRoutes.<id>`. */
function operationsNamedIn(file: string, pattern: RegExp): Set<string> {
  return new Set([...readText(file).matchAll(pattern)].map((match) => match[1]!));
}

/** The server folder a file belongs to, when it is a feature or a module: `{ folder, name }`. */
function servingFolderOf(file: string): { folder: string; name: string } | undefined {
  const [, , , top, feature] = file.split('/');
  if (top === 'features' && feature && !feature.includes('.')) {
    return { folder: `apps/server/src/features/${feature}`, name: feature };
  }
  if (top && !top.includes('.') && existsSync(path.join(root, 'apps/server/src', top, 'index.ts'))) {
    return { folder: `apps/server/src/${top}`, name: top };
  }
  return undefined;
}

/** For each operation id: the server folders whose files name it. */
function servingFolders(): Map<string, Map<string, string>> {
  const served = new Map<string, Map<string, string>>();
  for (const file of filesUnder(['apps/server/src'], sourceFile)) {
    const folder = servingFolderOf(file);
    if (!folder) continue;
    for (const operation of operationsNamedIn(file, /\bapiEndpoints\.(\w+)/g)) {
      if (!served.has(operation)) served.set(operation, new Map());
      served.get(operation)!.set(folder.folder, folder.name);
    }
  }
  return served;
}

/** For each operation id: the web features whose (non-test) files call it. */
function callingWebFeatures(): Map<string, Set<string>> {
  const calling = new Map<string, Set<string>>();
  for (const file of filesUnder(['apps/web/src/features'], sourceFile)) {
    const feature = file.split('/')[4]!;
    for (const operation of operationsNamedIn(file, /\bapi(?:Endpoints|Routes)\.(\w+)/g)) {
      if (!calling.has(operation)) calling.set(operation, new Set());
      calling.get(operation)!.add(feature);
    }
  }
  return calling;
}

describe('feature names', () => {
  const served = servingFolders();
  const calling = callingWebFeatures();
  const excepted = (operation: string, feature: string) =>
    compositePages.some(
      (page) => page.webFeature === feature && (page.endpoints as string[]).includes(operation),
    );

  it('finds the server folder of every endpoint, or knows the auth library answers it', () => {
    expect(served.size).toBeGreaterThan(50);
    const problems = Object.keys(apiEndpoints).flatMap((operation) => {
      const folders = [...(served.get(operation)?.keys() ?? [])];
      if (folders.length > 1) return [`${operation}: served by ${folders.join(' and ')}`];
      // The auth library's endpoints are answered by its one catch-all route (docs/product.md §D.3).
      const byLibrary = apiRoutes[operation as OperationId].path.startsWith(`${authApiPrefix}/`);
      if (folders.length === 0 && !byLibrary) return [`${operation}: served by no server feature or module`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('calls every endpoint from the web feature named like the server folder that serves it', () => {
    expect(calling.size).toBeGreaterThan(50);
    const mismatches = Object.keys(apiEndpoints).flatMap((operation) => {
      const folders = served.get(operation);
      const callers = [...(calling.get(operation) ?? [])].sort();
      const [serving] = [...(folders ?? [])];
      if (!serving || folders!.size !== 1 || callers.length === 0) return [];
      const [folder, name] = serving;
      if (callers.includes(name) || callers.every((caller) => excepted(operation, caller))) return [];
      return [
        `${operation}: served by ${folder}, called from ${callers.map((c) => `web features/${c}`).join(', ')}`,
      ];
    });
    expect(mismatches, "move the calling code into the web feature of the server folder's name").toEqual([]);
  });

  it('lists only composite pages that still need their exception, never for the serving feature itself', () => {
    const stale = compositePages.flatMap((page) =>
      page.endpoints.flatMap((operation) => {
        const name = [...(served.get(operation)?.values() ?? [])][0];
        const callers = calling.get(operation) ?? new Set();
        if (name === page.webFeature)
          return [`${page.webFeature} → ${operation}: its own feature needs no exception`];
        if (!callers.has(page.webFeature))
          return [`${page.webFeature} → ${operation}: not called from there any more`];
        if (name && callers.has(name))
          return [`${page.webFeature} → ${operation}: web features/${name} calls it`];
        return [];
      }),
    );
    expect(stale).toEqual([]);
  });
});
