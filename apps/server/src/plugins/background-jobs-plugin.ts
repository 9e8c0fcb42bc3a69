import { registerBackgroundJobs } from './background-jobs';
import { declaredPlugin, pluginNames } from './declared-plugin';

/** `app.jobs` (plugins/background-jobs.ts, decision 029) under its declared name: pg-boss keeps its jobs in the database. */
export const backgroundJobsPlugin = declaredPlugin(
  pluginNames.backgroundJobs,
  [pluginNames.database],
  (app) => registerBackgroundJobs(app),
);
