import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the catalogue screens draw with other features' components, passed in by the app (features do
 * not import each other): the menu's own icons, and an embedded report's frame as users see it.
 */
export type CatalogueRenderers = {
  renderIcon: (name: string | null | undefined) => ReactNode;
  renderFramePreview: (url: string, title: string) => ReactNode;
};

const fallback: CatalogueRenderers = { renderIcon: () => null, renderFramePreview: () => null };

const CatalogueRenderersContext = createContext<CatalogueRenderers>(fallback);

export const CatalogueRenderersProvider = CatalogueRenderersContext.Provider;

export function useCatalogueRenderers(): CatalogueRenderers {
  return useContext(CatalogueRenderersContext);
}
