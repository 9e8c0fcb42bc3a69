// lint as: apps/server/src/reports/layer-fixture.ts
// expect: nothing
// A module importing another module through its index (decision 042).
import '../data-sources';
