import { describe, expect, it } from 'vitest';
import { filesUnder, readText } from './source-files';

// The web app's features are named like the server folders that serve their calls (README.md "Where
// things live", apps/web/README.md): an endpoint served by one of the folders below is called only from
// the web feature of the same name, so whoever changes one side finds the other at once.

/** Server folders (a `features/<x>` folder or a module `<x>`) whose endpoints this rule follows. */
const followed = new Set(['reports', 'catalogue', 'mail', 'activity', 'data-sources']);

/**
 * Endpoints served elsewhere than the folder named like their web feature, each with why.
 * `listActivity`: the log is the server's activity module (decision 015); its route stands with the
 * catalogue's routes, whose changes it records.
 */
const servedElsewhere: Record<string, string> = { listActivity: 'activity' };

/** The folder serving each endpoint: `endpointRoute(apiEndpoints.<name>` in a server feature or module. */
function servingFolders(): Map<string, string> {
  const serving = new Map<string, string>();
  for (const file of filesUnder(
    ['apps/server/src'],
    (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name),
  )) {
    const [, , , first, second] = file.split('/');
    const folder = first === 'features' ? second : first;
    if (!folder) continue;
    for (const match of readText(file).matchAll(/endpointRoute\(apiEndpoints\.(\w+)/g))
      serving.set(match[1]!, folder);
  }
  return serving;
}

/** Where the web calls each endpoint: `apiRoutes.<name>` in a feature's production code. */
function webCalls(): { endpoint: string; feature: string; file: string }[] {
  const calls: { endpoint: string; feature: string; file: string }[] = [];
  const production = (name: string) =>
    /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('/testing/');
  for (const file of filesUnder(['apps/web/src/features'], production)) {
    const feature = file.split('/')[4]!;
    for (const match of readText(file).matchAll(/apiRoutes\.(\w+)/g))
      calls.push({ endpoint: match[1]!, feature, file });
  }
  return calls;
}

describe('web features follow the server', () => {
  const serving = servingFolders();

  it('finds the server folders and the web calls it reads', () => {
    expect(serving.get('getReport')).toBe('reports');
    expect(serving.get('listOutbox')).toBe('mail');
    expect(webCalls().length).toBeGreaterThan(50);
  });

  it('calls an endpoint of reports, catalogue, mail, activity or data-sources from the web feature of that name', () => {
    const astray = webCalls().filter(({ endpoint, feature }) => {
      const folder = serving.get(endpoint);
      if (folder === undefined || !followed.has(folder)) return false;
      return feature !== (servedElsewhere[endpoint] ?? folder);
    });
    expect(
      astray.map(
        ({ endpoint, feature, file }) =>
          `${file}: ${endpoint} is ${serving.get(endpoint)}'s, called from ${feature}`,
      ),
    ).toEqual([]);
  });
});
