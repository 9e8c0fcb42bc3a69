// lint as: apps/server/src/lib/layer-fixture.ts
// expect: import-x/no-restricted-paths
// lib/ importing a feature.
import '../features/health/health-routes';
