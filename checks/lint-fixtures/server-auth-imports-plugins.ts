// lint as: apps/server/src/auth/layer-fixture.ts
// expect: import-x/no-restricted-paths
// auth/ importing plugins/ (plugins glue auth to Fastify, never the reverse).
import '../plugins/require-admin';
