// lint as: apps/server/src/catalogue/layer-fixture.ts
// expect: import-x/no-restricted-paths
// A module reaching behind another module's index (decision 042).
import '../reports/executor/executor';
