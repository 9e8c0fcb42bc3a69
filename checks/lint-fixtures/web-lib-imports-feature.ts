// lint as: apps/web/src/lib/layer-fixture.ts
// expect: import-x/no-restricted-paths
// Shared code importing a feature.
import '../features/navigation/store/navigation-store';
