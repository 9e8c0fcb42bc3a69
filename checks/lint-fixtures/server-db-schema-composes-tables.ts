// lint as: apps/server/src/db/schema.ts
// expect: nothing
// The table registry re-exporting a feature's tables: allowed.
export * from '../features/recents/recents-schema';
