// lint as: apps/server/src/features/reports/layer-fixture.ts
// expect: import-x/no-restricted-paths
// Production code importing the demo seed.
import '../../seed/seed';
