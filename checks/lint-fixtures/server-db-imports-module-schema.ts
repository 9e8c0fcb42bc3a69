// lint as: apps/server/src/db/tables.ts
// expect: import-x/no-restricted-paths
// db/ naming a module's tables: the module is above db/ (decision 042).
export * from '../mail/mail-schema';
