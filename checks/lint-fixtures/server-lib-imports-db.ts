// lint as: apps/server/src/lib/layer-fixture.ts
// expect: import-x/no-restricted-paths
// lib/ importing db/: helpers that know a database belong to the module that uses them (decision 042).
import '../db/database';
