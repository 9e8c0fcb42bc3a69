// lint as: apps/server/src/db/layer-fixture.ts
// expect: import-x/no-restricted-paths
// db/ importing a feature (app.ts composes features; db/ is below them).
import '../features/recents/recents-repository';
