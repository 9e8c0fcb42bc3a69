// lint as: apps/server/src/catalogue/layer-fixture.ts
// expect: import-x/no-restricted-paths
// catalogue/ importing a feature: what it needs of one is passed in (catalogue/catalogue-data-sources.ts).
import '../features/data-sources/data-sources-catalogue';
