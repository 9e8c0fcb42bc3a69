import { apiRoutes } from '../api-routes';
import { apiErrorSchema } from '../errors';
import {
  reportDownloadFileSchema,
  reportDownloadQuerySchema,
  reportNameParamsSchema,
  reportQuerySchema,
  reportResponseSchema,
} from '../reports';
import { endpoint } from './endpoint';

// Reports.

/** Keyed by operation id, as in `apiEndpoints`. */
export const reportsEndpoints = {
  getReport: endpoint(apiRoutes.getReport, {
    tags: ['reports'],
    summary: "A report of the user's organisation: its definition and, for a query report, its data",
    description:
      'A query report runs its SQL definition for the given parameter values (`values`, JSON) as the signed-in ' +
      "user, with the user's attributes bound. Values are raw numbers; the client formats them in the user culture.",
    params: reportNameParamsSchema,
    query: reportQuerySchema,
    response: {
      200: reportResponseSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      404: apiErrorSchema,
      // A stored definition that cannot run (docs/decisions/024).
      500: apiErrorSchema,
    },
  }),
  downloadReport: endpoint(apiRoutes.downloadReport, {
    tags: ['reports'],
    summary: "A query report's whole result as a CSV or XLSX file, streamed",
    description:
      'The definition runs for the reader exactly as on the report page (values, user attributes, audiences), ' +
      'read through a cursor and written while it is sent (at most 1,000,000 rows). Header labels are in the ' +
      "UI language; CSV values are raw (ISO dates, numbers with the culture's decimal separator). " +
      '403: a user attribute the definition needs is missing; 503: the data source failed.',
    params: reportNameParamsSchema,
    query: reportDownloadQuerySchema,
    response: {
      200: reportDownloadFileSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      503: apiErrorSchema,
    },
  }),
} as const;
