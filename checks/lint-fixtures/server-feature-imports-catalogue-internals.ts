// lint as: apps/server/src/features/reports/layer-fixture.ts
// expect: import-x/no-restricted-paths
// A feature reaching behind the catalogue's index (apps/server/src/catalogue/index.ts) to one of its files.
import '../../catalogue/catalogue-views';
