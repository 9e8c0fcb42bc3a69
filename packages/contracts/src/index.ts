// The API's shapes, written once (DESIGN.md §4). Server routes validate with these schemas and the web
// app derives its types from them; nothing here is duplicated on either side.
export * from './api-paths';
export * from './errors';
export * from './client-params';
export * from './health';
export * from './localization';
export * from './roles';
export * from './user-settings';
export * from './navigation';
export * from './auth';
export * from './app-config';
export * from './locales';
export * from './notifications';
export * from './banner-messages';
export * from './management';
export * from './messages';
export * from './integrity';
export * from './user-sessions';
export * from './reports';
export * from './dashboards';
export * from './recents';
export * from './catalogue';
export * from './app-routes';
export * from './search-text';
