// lint as: apps/server/src/features/dashboards/layer-fixture.ts
// expect: import-x/no-restricted-paths
// A feature reaching behind a module's index to one of its files (decision 042).
import '../../reports/definition-runner';
