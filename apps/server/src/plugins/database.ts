import type { Database } from '../db/database';
import { declaredPlugin, pluginNames } from './declared-plugin';

export interface DatabaseOptions {
  /** Migrated (and, if wanted, seeded) by the caller, who also closes it. */
  db: Database;
}

/** `app.db`: the database nearly everything else needs, first of the declared parts (decision 032). */
export const databasePlugin = declaredPlugin<DatabaseOptions>(pluginNames.database, [], (app, { db }) => {
  app.decorate('db', db);
});
