import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { LazyModule } from './lazy-module';

type MantineArea = {
  /** The provider (a lazy component). */
  Area: ComponentType<{ children: ReactNode }>;
  /** Its module, for a part that waits until it can draw at once (the message area). */
  module: LazyModule<unknown>;
};

const MantineAreaContext = createContext<MantineArea | null>(null);

/**
 * Given by the signed-in layout: Mantine's provider with the app's theme, in a module loaded when first
 * needed. The reports home is drawn without Mantine's JavaScript (bundle budget, docs/decisions/011).
 */
export const MantineAreaProvider = MantineAreaContext.Provider;

/**
 * Wraps what uses Mantine's components in the signed-in area (a page other than the reports home, a
 * dialog, a side-panel category, the toasts): Mantine loads with it, under the same Suspense boundary,
 * so nothing shows unstyled. Without a layout's area (unit tests render inside Mantine's provider) the
 * children as they are.
 */
export function WithMantine({ children }: { children: ReactNode }) {
  const area = useContext(MantineAreaContext);
  return area ? <area.Area>{children}</area.Area> : children;
}

/** The provider's module, or null without a layout's area (then Mantine is there already). */
export function useMantineAreaModule(): LazyModule<unknown> | null {
  return useContext(MantineAreaContext)?.module ?? null;
}
