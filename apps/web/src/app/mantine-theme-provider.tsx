import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';

/**
 * Mantine's provider with the app's theme, loaded by the signed-in layout when something needs it
 * (through lib/mantine-area.tsx, which the features use; bundle budget, docs/decisions/011): a module
 * of its own so that it is a chunk of its own, in app/ because it needs the app's theme. The theme's CSS
 * variables are a static style sheet (vite.config.ts), so the provider does not compute and inject them
 * again at run time (a style recalculation of the whole page on a phone, decision 016).
 */
export function MantineThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}
