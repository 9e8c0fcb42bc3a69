// lint as: apps/server/test/layer-fixture.test.ts
// expect: import-x/no-restricted-paths
// Tests import a module through its index too (decision 042).
import '../src/mail/mailer';
