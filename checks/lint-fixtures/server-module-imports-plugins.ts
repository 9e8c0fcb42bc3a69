// lint as: apps/server/src/activity/layer-fixture.ts
// expect: nothing
// A module importing plugins/ infrastructure (a type here): plugins are below modules (decision 042).
import type {} from '../plugins/cluster-events';
