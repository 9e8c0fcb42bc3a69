// The catalogue's public face (docs/decisions/015): what plugins, features and the seed use of it. Code
// outside catalogue/ imports this file only; eslint.config.mjs refuses imports of the files behind it.
export { createCatalogueService, type CatalogueService } from './catalogue-service';
export {
  type DashboardGroupRow,
  type DashboardRow,
  type ItemRow,
  type TileRow,
  textIn,
} from './catalogue-snapshot';
export {
  catalogueTitleIn,
  dashboardMenuItem,
  mayOpenDashboards,
  reportMenuItem,
  visibleDashboard,
  visibleDashboards,
  visibleItems,
  visibleReport,
} from './catalogue-views';
export {
  deleteDashboard,
  deleteDashboardGroup,
  deleteDefinition,
  deleteItem,
  deleteMenuGroup,
  saveDashboard,
  saveDashboardGroup,
  saveDefinition,
  saveItem,
  saveMenuGroup,
} from './catalogue-edits';
export { cataloguePlugin } from './catalogue-plugin';
export { catalogueRoutes } from './catalogue-routes';
export { sampleValueOf } from './definition-statements';
