import { VisuallyHidden } from '@mantine/core';
import { CatalogueManagement } from '../../../../features/catalogue/components/catalogue-management';
import {
  CatalogueRenderersProvider,
  type CatalogueRenderers,
} from '../../../../features/catalogue/components/catalogue-renderers';
import { MenuIcon } from '../../../../features/navigation/components/menu-icon';
import { EmbeddedReport } from '../../../../features/reports/components/embedded-report';
import { useSectionTitle } from './use-section-title';

/**
 * The app composes the catalogue screens with other features' own components (features do not import
 * each other): the menu's icons, and the report page's frame as the embedded report's preview.
 */
const renderers: CatalogueRenderers = {
  renderIcon: (name) => <MenuIcon name={name} size={18} />,
  renderFramePreview: (url, title) => <EmbeddedReport url={url} title={title} />,
};

/** Management → Catalogue (decision 015). */
export function ManagementCatalogueRoute() {
  const title = useSectionTitle('management.sections.catalogue');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <CatalogueRenderersProvider value={renderers}>
        <CatalogueManagement />
      </CatalogueRenderersProvider>
    </>
  );
}
