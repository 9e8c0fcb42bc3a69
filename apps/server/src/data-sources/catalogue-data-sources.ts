import type { CatalogueDataSource } from '@cockpit/contracts';
import type { Database } from '../db/database';

/** Where in the document (`$.dataSources[i].field`) and what is wrong. */
export interface DataSourcesProblem {
  path: string;
  message: string;
}

/**
 * What the catalogue needs of the data sources feature for the document's `dataSources` (decision 027):
 * the feature's implementation (data-sources/data-sources-catalogue.ts) is passed in by whoever
 * builds the catalogue service — catalogue/catalogue-plugin.ts and the seed — because catalogue/ imports no feature
 * (docs/decisions/023-layers-enforced-by-lint.md).
 */
export interface CatalogueDataSources {
  /** The first problem the schema cannot see, or `null`. */
  problem(sources: readonly CatalogueDataSource[]): DataSourcesProblem | null;
  /** Writes them by name and answers the id of every data source of the organisation by name. */
  upsert(
    tx: Pick<Database, 'select' | 'insert' | 'update' | 'delete'>,
    organisationId: string,
    sources: readonly CatalogueDataSource[],
  ): Promise<Map<string, string>>;
}
