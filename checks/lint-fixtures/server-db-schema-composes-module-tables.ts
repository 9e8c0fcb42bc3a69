// lint as: apps/server/src/db/schema.ts
// expect: nothing
// The table registry re-exporting a module's tables behind its index: allowed (decision 042).
export * from '../mail/mail-schema';
