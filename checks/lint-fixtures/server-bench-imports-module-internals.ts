// lint as: bench/layer-fixture.bench.ts
// expect: import-x/no-restricted-paths
// Benchmarks import a module through its index too (decision 042).
import '../apps/server/src/reports/sql/statement-guard';
