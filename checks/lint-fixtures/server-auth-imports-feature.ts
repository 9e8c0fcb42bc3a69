// lint as: apps/server/src/auth/layer-fixture.ts
// expect: import-x/no-restricted-paths
// auth/ importing a feature: the single sign-on plugin is passed in by app.ts (plugins/auth.ts).
import '../features/single-sign-on/single-sign-on-plugin';
