import type { ParameterValue } from '@cockpit/contracts';

/**
 * The demo's "Monthly Sales (SQL)" as the subscription dialogs read it in the component tests: its period
 * parameter with the value the page shows, and the result's columns (a month, and revenue in currency).
 */
export function monthlySalesAnswer(period: ParameterValue) {
  return {
    report: {
      name: 'monthly-sales',
      title: 'Monthly Sales (SQL)',
      subTitle: null,
      kind: 'query',
      frameUrl: null,
      externalUrl: null,
    },

    parameters: [
      { name: 'period', type: 'date-range', label: 'Period', required: true, options: null, value: period },
    ],
    data: {
      kpis: [],
      charts: [],
      table: {
        columns: [
          { key: 'month', label: 'Month', format: 'month' },
          { key: 'revenue', label: 'Revenue', format: 'currency' },
        ],
        rows: [],
        totalRows: 0,
        truncated: false,
      },
    },
  };
}
