// lint as: apps/web/src/features/home/components/layer-fixture.tsx
// expect: nothing
// Allowed: a feature importing shared code and its own modules.
import '../../../lib/lazy-module';
import './home-section';
