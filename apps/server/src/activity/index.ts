export {
  type ActivityRecord,
  type Actor,
  actorOf,
  listActivity,
  recordActivity,
} from './activity-repository';
export { activityRoutes } from './activity-routes';
export * from './activity-schema';
