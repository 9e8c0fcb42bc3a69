// lint as: apps/server/src/features/reports/layer-fixture.ts
// expect: nothing
// The catalogue's index is its public face: features import it.
import '../../catalogue';
