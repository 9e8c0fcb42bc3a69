import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CatalogueReportDefinition } from '@cockpit/contracts';
import { sampleValueOf } from '../apps/server/src/catalogue';
import { compileTemplate, guardStatement, parameterReferenceType } from '../apps/server/src/reports';
import { percentile } from './support/percentile';

// The statement guard's cost (docs/decisions/037-statement-guard-allow-list.md): compiling the template
// and guarding the statement of every definition of the seeded demo catalogues, as a run does before
// the executor remembers that the statement passed. Per statement: p50 / p95 in µs of the compile and of
// the guard (uploads confinement over the demo's views; also as a PostgreSQL source, where the
// allow-list walks the same tree).

const cataloguesDir = join('apps', 'server', 'src', 'seed', 'catalogues');
const scope = {
  schema: 'uploads_bench',
  tables: new Set([
    'sales_by_day',
    'product_sales_by_day',
    'regions',
    'stores',
    'categories',
    'sales_data_set',
  ]),
};
const rounds = 200;

const definitions = readdirSync(cataloguesDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => {
    const document = JSON.parse(readFileSync(join(cataloguesDir, file), 'utf8')) as {
      definitions?: CatalogueReportDefinition[];
    };
    return (document.definitions ?? []).map((definition) => ({
      catalogue: file.replace('.json', ''),
      definition,
    }));
  });

const micros = (samples: number[]) => {
  samples.sort((a, b) => a - b);
  return `p50 ${(percentile(samples, 50) * 1000).toFixed(0).padStart(5)} µs, p95 ${(percentile(samples, 95) * 1000).toFixed(0).padStart(5)} µs`;
};

console.log(
  `statement guard over ${definitions.length} demo definitions, ${rounds} rounds each; load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores:`,
);
let failed = 0;
const totals: number[] = [];
for (const { catalogue, definition } of definitions) {
  const compileSamples: number[] = [];
  const uploadsSamples: number[] = [];
  const postgresSamples: number[] = [];
  try {
    for (let round = 0; round < rounds + 20; round += 1) {
      const start = performance.now();
      const compiled = compileTemplate(
        definition.sql,
        'postgres',
        (reference) => sampleValueOf(definition, reference),
        {
          typeOf: (reference) => parameterReferenceType(definition.parameters, reference),
        },
      );
      const compiledAt = performance.now();
      await guardStatement(compiled.text, 'uploads', scope, compiled.placeholders);
      const uploadsAt = performance.now();
      await guardStatement(compiled.text, 'postgres', undefined, compiled.placeholders);
      const postgresAt = performance.now();
      if (round < 20) continue; // warm-up
      compileSamples.push(compiledAt - start);
      uploadsSamples.push(uploadsAt - compiledAt);
      postgresSamples.push(postgresAt - uploadsAt);
      totals.push(uploadsAt - start);
    }
    console.log(
      `  ${`${catalogue}/${definition.name}`.padEnd(34)} ${String(definition.sql.length).padStart(5)} chars  ` +
        `compile ${micros(compileSamples)}  guard (uploads) ${micros(uploadsSamples)}  guard (PostgreSQL source) ${micros(postgresSamples)}`,
    );
  } catch (error) {
    failed += 1;
    console.log(`  ${catalogue}/${definition.name}: REFUSED ${(error as Error).message}`);
  }
}
console.log(`  compile + guard (uploads), all statements: ${micros(totals)}`);
if (failed > 0) {
  console.error(`${failed} demo definition(s) did not pass the guard`);
  process.exit(1);
}
