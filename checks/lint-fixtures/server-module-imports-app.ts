// lint as: apps/server/src/reports/layer-fixture.ts
// expect: import-x/no-restricted-paths
// A module importing app.ts: the app composes modules, never the reverse (decision 042).
import '../app';
