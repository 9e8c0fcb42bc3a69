import { createCatalogueService } from './catalogue-service';
import { catalogueDataSources } from '../data-sources';
import { declaredPlugin, pluginNames } from '../plugins/declared-plugin';

/**
 * `app.catalogue` (decision 015): its changes reach every server process over the cluster events, so it
 * is declared after them.
 */
export const cataloguePlugin = declaredPlugin(
  pluginNames.catalogue,
  [pluginNames.database, pluginNames.clusterEvents],
  (app) => {
    app.decorate(
      'catalogue',
      createCatalogueService({
        db: app.db,
        frameOrigins: app.config.reportFrameOrigins,
        events: app.clusterEvents,
        dataSources: catalogueDataSources,
      }),
    );
  },
);
