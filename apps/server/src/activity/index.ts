export { type ActivityRecord, type Actor, actorOf, listActivity, recordActivity } from './activity-repository';
