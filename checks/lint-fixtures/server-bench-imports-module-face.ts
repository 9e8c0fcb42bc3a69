// lint as: bench/layer-fixture.bench.ts
// expect: nothing
// A benchmark may use what a module's index exports, including names it exports for the benchmarks.
import '../apps/server/src/reports';
