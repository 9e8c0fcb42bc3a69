// lint as: apps/server/src/plugins/layer-fixture.ts
// expect: import-x/no-restricted-paths
// plugins/ importing a feature: plugins are cross-cutting infrastructure, below features (decision 042).
import '../features/dashboards/dashboard-tiles';
