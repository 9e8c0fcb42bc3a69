// lint as: apps/server/src/db/tables.ts
// expect: import-x/no-restricted-paths
// db/ naming a feature's tables: drizzle-kit reads every `*-schema.ts` itself, so no file in db/ composes
// the tables of the layers above it (decision 042).
export * from '../features/recents/recents-schema';
