// lint as: apps/server/src/seed/layer-fixture.ts
// expect: import-x/no-restricted-paths
// The seed, outside the server layers' rules, still imports the catalogue through its index only.
import '../catalogue/catalogue-service';
