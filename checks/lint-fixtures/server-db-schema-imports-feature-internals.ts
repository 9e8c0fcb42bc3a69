// lint as: apps/server/src/db/schema.ts
// expect: import-x/no-restricted-paths
// The table registry importing a feature's code instead of its `*-schema.ts`.
import '../features/single-sign-on/public-mail-domains';
