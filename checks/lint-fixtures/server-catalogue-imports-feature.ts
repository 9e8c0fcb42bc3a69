// lint as: apps/server/src/catalogue/layer-fixture.ts
// expect: import-x/no-restricted-paths
// A module (catalogue/) importing a feature: features are above modules; app.ts composes them.
import '../features/dashboards/dashboard-tiles';
