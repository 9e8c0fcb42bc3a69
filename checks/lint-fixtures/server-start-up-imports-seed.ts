// lint as: apps/server/src/main.ts
// expect: nothing
// Allowed: the start-up runs the seed.
import './seed/seed';
