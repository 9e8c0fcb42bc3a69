// lint as: apps/server/src/catalogue/layer-fixture.ts
// expect: nothing
// Inside catalogue/ its files import each other directly.
import './catalogue-views';
