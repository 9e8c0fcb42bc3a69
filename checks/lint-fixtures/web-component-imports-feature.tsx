// lint as: apps/web/src/components/ui/layer-fixture.tsx
// expect: import-x/no-restricted-paths
// A shared component importing a feature.
import '../../features/navigation/store/navigation-store';
