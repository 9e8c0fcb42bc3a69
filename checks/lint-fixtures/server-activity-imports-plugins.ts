// lint as: apps/server/src/activity/layer-fixture.ts
// expect: import-x/no-restricted-paths
// activity/ importing plugins/ (even for a type: the layers count type imports too).
import type {} from '../plugins/cluster-events';
