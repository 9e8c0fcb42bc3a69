// lint as: apps/server/src/features/reports/layer-fixture.ts
// expect: import-x/no-restricted-paths
// One server feature importing another.
import '../navigation/navigation-routes';
