// lint as: apps/server/src/plugins/layer-fixture.ts
// expect: import-x/no-restricted-paths
// plugins/ importing a module, even through its face: a module's start-up plugin lives in the module (decision 042).
import '../reports';
