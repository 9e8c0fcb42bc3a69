import type { ReportQueryKey } from '@cockpit/contracts';
import { marginDetailQuery } from './margin-detail';
import { productMixQuery } from './product-mix';
import { productRankingQuery } from './product-ranking';
import { regionPerformanceQuery } from './region-performance';
import { salesOverviewQuery } from './sales-overview';
import { salesTrendQuery } from './sales-trend';
import type { ReportQuery } from './query-types';

/**
 * THE fixed, reviewed set of report queries (reports and dashboards). A report or dashboard tile row names one of these
 * keys; a key not in this map is never run. Adding a query means adding a module here and its key to
 * `reportQueryKeys` in the contracts.
 */
export const reportQueries: Record<ReportQueryKey, ReportQuery> = {
  'sales-overview': salesOverviewQuery,
  'product-mix': productMixQuery,
  'region-performance': regionPerformanceQuery,
  'product-ranking': productRankingQuery,
  'sales-trend': salesTrendQuery,
  'margin-detail': marginDetailQuery,
};

/** Table rows one report answer may carry (reports and dashboards: the table stays smooth with 100,000 rows). */
export const reportRowLimit = 100_000;
