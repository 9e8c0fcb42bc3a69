import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { apiRoutes, pathOf, type MenuResponse } from '@cockpit/contracts';
import { menuFixture, userSettingsFixture } from '../../../testing/fixtures';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { monthlySalesAnswer } from '../../../features/subscriptions/testing/report-answer';
import { ReportRoute } from './report';

// The report page offers Subscribe and Set alert for a report that shows its data, and neither while it
// fails (decision 046): a mail or an alert of a broken report would only repeat its failure.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menu: MenuResponse = {
  groups: [
    {
      ...menuFixture.groups[0]!,
      items: [
        {
          ...menuFixture.groups[0]!.items[0]!,
          name: 'monthly-sales',
          title: 'Monthly sales',
          path: '/reports/monthly-sales',
        },
      ],
    },
  ],
};

async function renderReport(report: () => Response) {
  stubApi({
    [`GET ${apiRoutes.getUserSettings.path}`]: () => jsonResponse(userSettingsFixture()),
    [`GET ${apiRoutes.getMenu.path}`]: () => jsonResponse(menu),
    [`GET ${pathOf(apiRoutes.getReport, { name: 'monthly-sales' })}`]: report,
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await renderWithProviders(<ReportRoute />, {
    path: '/reports/monthly-sales',
    routes: [{ path: '/reports/:name', element: <ReportRoute /> }],
  });
}

describe('the report page', () => {
  it('offers Subscribe and Set alert beside a report that shows its data', async () => {
    await renderReport(() => jsonResponse(monthlySalesAnswer({ preset: 'this-year' })));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set alert' })).toBeInTheDocument();
  });

  it('offers neither while the report has a problem', async () => {
    await renderReport(() =>
      jsonResponse(
        { error: { code: 'REPORT_BROKEN', message: 'This report has a problem; its owner has been told.' } },
        500,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'This report has a problem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set alert' })).not.toBeInTheDocument();
  });
});
