import { apiRoutes, type CatalogueDocument, catalogueFormat, catalogueVersion } from '@cockpit/contracts';
import { demoOrganisations } from '../apps/server/src/seed/demo-data';
import { startBenchApp } from './support/bench-app';

// The catalogue (decision 015): how long `PUT /api/management/catalogue` takes to replace the demo
// catalogue with one of 1,000 report items (50 groups of 20, every third item a query report of a demo definition, with audiences
// and German texts) and 100 dashboards of 4 tiles, and then to import the same document again (nothing
// changes: the diff finds no work). Measured through the real app in production mode with its request
// log on (written to a sink, not the terminal), on PGlite in memory. Target: ≤ 2 s for the first import.

const runs = Number(process.env.BENCH_CATALOGUE_RUNS ?? 3);

/** The demo organisation's data source and report definitions (decision 027), which items and tiles name. */
const demo = demoOrganisations.find((organisation) => organisation.name === 'Demo GmbH')!.catalogue;
const demoReports = [
  'sales-overview',
  'product-mix',
  'region-performance',
  'product-ranking',
  'sales-trend',
  'margin-detail',
];

function bigCatalogue(seed: number): CatalogueDocument {
  return {
    format: catalogueFormat,
    version: catalogueVersion,
    ...(demo.dataSources ? { dataSources: demo.dataSources } : {}),
    ...(demo.definitions ? { definitions: demo.definitions } : {}),
    menu: Array.from({ length: 50 }, (_, g) => ({
      name: `group-${g}`,
      title: { en: `Group ${g}`, de: `Gruppe ${g}` },
      icon: 'chart-bar',
      ...(g % 5 === 0 ? { audience: { subscriptions: ['pro' as const] } } : {}),
      items: Array.from({ length: 20 }, (_, i) => {
        const n = g * 20 + i;
        return {
          name: `report-${n}`,
          title: { en: `Report ${n} (${seed})`, de: `Bericht ${n}` },
          subTitle: { en: `What report ${n} shows`, de: `Was Bericht ${n} zeigt` },
          icon: 'report' as const,
          ...(n % 7 === 0 ? { audience: { roles: ['organisationadministrator' as const] } } : {}),
          ...(n % 50 === 0 ? { featured: true } : {}),
          report:
            n % 3 === 0
              ? { kind: 'query' as const, definition: demoReports[n % demoReports.length]! }
              : n % 3 === 1
                ? { kind: 'external' as const, url: `https://example.com/reports/${n}` }
                : { kind: 'embedded' as const, frameUrl: `/embedded/kpi-glossary?lang={lang}&n=${n}` },
        };
      }),
    })),
    dashboards: Array.from({ length: 10 }, (_, g) => ({
      name: `boards-${g}`,
      title: { en: `Boards ${g}` },
      dashboards: Array.from({ length: 10 }, (_, d) => ({
        layoutId: 1000 + g * 10 + d,
        title: { en: `Dashboard ${g}.${d}` },
        tiles: Array.from({ length: 4 }, (_, t) => ({
          type: 'kpi' as const,
          definition: 'sales-figures',
          visual: 'revenue',
          title: { en: `Tile ${t}` },
          width: 3,
        })),
      })),
    })),
  };
}

async function main(): Promise<void> {
  let logLines = 0;
  const { app, database, tokenOf } = await startBenchApp({
    name: 'catalogue',
    salesRows: 0,
    logLevel: 'info',
    logStream: { write: () => void (logLines += 1) },
  });
  const token = await tokenOf('admin@example.com', 'Cockpit-admin-1');
  const put = async (document: CatalogueDocument) => {
    const payload = JSON.stringify(document);
    const started = performance.now();
    const response = await app.inject({
      method: 'PUT',
      url: apiRoutes.exportCatalogue.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`import failed: ${response.statusCode} ${response.body}`);
    return { ms, changes: response.json<{ changes: unknown[] }>().changes.length, bytes: payload.length };
  };

  const firsts: number[] = [];
  const agains: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const document = bigCatalogue(run);
    const first = await put(document);
    const again = await put(document);
    firsts.push(first.ms);
    agains.push(again.ms);
    console.log(
      `  run ${run + 1}: 1,000 items + 100 dashboards (${(first.bytes / 1024).toFixed(0)} KB, ${first.changes} changes) ` +
        `${first.ms.toFixed(0)} ms; same document again (${again.changes} changes) ${again.ms.toFixed(0)} ms`,
    );
  }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const met = median(firsts) <= 2_000;
  console.log(
    `  median import of a 1,000-item catalogue on PGlite: ${median(firsts).toFixed(0)} ms (target ≤ 2,000 ms: ${met ? 'met' : 'MISSED'}); ` +
      `unchanged re-import ${median(agains).toFixed(0)} ms; ${logLines} log lines written`,
  );
  await app.close();
  await database.close();
  if (!met) process.exitCode = 1;
}

await main();
