// lint as: apps/web/src/features/home/components/layer-fixture.tsx
// expect: import-x/no-restricted-paths
// One feature importing another two folders up: the spelling a text pattern on `../features/` misses.
import '../../navigation/store/navigation-store';
