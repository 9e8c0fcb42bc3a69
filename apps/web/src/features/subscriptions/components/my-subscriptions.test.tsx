import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type SubscriptionView } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { monthlySalesAnswer } from '../testing/report-answer';
import { WithSubscribedReport } from '../testing/with-subscribed-report';
import { MySubscriptions } from './my-subscriptions';

// Settings → My subscriptions (decision 029): subscriptions and alerts apart, edited in place in the same
// dialog (PUT), deleted only after asking, "Send now" / "Check now".

const subscription: SubscriptionView = {
  id: '7b0c3f57-64a4-4c55-9a4b-0f8e4a0c2a11',
  kind: 'subscription',
  targetKind: 'report',
  targetName: 'monthly-sales',
  title: 'Monthly Sales (SQL)',
  schedule: { every: 'day', time: '07:00' },
  timeZone: 'UTC',
  parameterValues: { period: { preset: 'last-month' } },
  include: { charts: true, tableRows: 10, attachment: 'csv' },
  skipEmpty: false,
  condition: null,
  alertByMail: false,
  alertState: 'normal',
  paused: false,
  recipients: null,
  recipientNames: ['Mia Member'],
  ownerId: 'member',
  lastDelivery: null,
  createdAt: '2026-03-01T07:00:00.000Z',
};

const alert: SubscriptionView = {
  ...subscription,
  id: '0c6f8f7e-1d7b-4c2a-8d0e-5b1e9f2a3c44',
  kind: 'alert',
  parameterValues: {},
  condition: { test: 'above', column: 'revenue', value: 1000 },
  alertState: 'triggered',
};

const report = monthlySalesAnswer({ preset: 'last-month' });

function stub() {
  return stubApi({
    [`GET ${apiRoutes.listSubscriptions.path}`]: () => jsonResponse({ subscriptions: [subscription, alert] }),
    [`GET ${apiRoutes.getDeliverySettings.path}`]: () => jsonResponse({ timeZone: 'UTC' }),
    [`GET ${pathOf(apiRoutes.getReport, { name: 'monthly-sales' })}`]: () => jsonResponse(report),
    [`PUT ${pathOf(apiRoutes.updateSubscription, { id: subscription.id })}`]: () =>
      jsonResponse(subscription),
    [`DELETE ${pathOf(apiRoutes.deleteSubscription, { id: subscription.id })}`]: () =>
      new Response(null, { status: 204 }),
    [`POST ${pathOf(apiRoutes.sendSubscriptionNow, { id: alert.id })}`]: () =>
      jsonResponse({ deliveries: 1 }, 202),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MySubscriptions', () => {
  it('lists subscriptions and alerts apart, an alert with its condition and state', async () => {
    stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <MySubscriptions />
      </WithSubscribedReport>,
    );
    const subscriptions = await screen.findByTestId('my-subscriptions-table');
    const alerts = screen.getByTestId('my-alerts-table');
    expect(within(subscriptions).getByText('Monthly Sales (SQL)')).toBeInTheDocument();
    expect(within(subscriptions).getByRole('button', { name: 'Send now' })).toBeInTheDocument();
    expect(within(alerts).getByText('revenue is above 1,000')).toBeInTheDocument();
    expect(within(alerts).getByTestId('alert-state')).toHaveTextContent('Triggered');
    expect(within(alerts).getByRole('button', { name: 'Check now' })).toBeInTheDocument();
  });

  it('edits a subscription in place: the dialog keeps its values, saving sends the whole body with PUT', async () => {
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <MySubscriptions />
      </WithSubscribedReport>,
    );
    const subscriptions = await screen.findByTestId('my-subscriptions-table');
    await userEvent.click(within(subscriptions).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change subscription' });
    expect(await within(dialog).findByRole('radio', { name: 'Last month' })).toBeChecked();
    const hours = within(dialog).getByLabelText('Hours');
    await userEvent.clear(hours);
    await userEvent.type(hours, '06');
    const minutes = within(dialog).getByLabelText('Minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(pathOf(apiRoutes.updateSubscription, { id: subscription.id }));
    expect(put?.body).toMatchObject({
      kind: 'subscription',
      targetName: 'monthly-sales',
      schedule: { every: 'day', time: '06:30' },
      parameterValues: { period: { preset: 'last-month' } },
      include: { charts: true, tableRows: 10, attachment: 'csv' },
      paused: false,
      condition: null,
    });
  });

  it('deletes only after asking', async () => {
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <MySubscriptions />
      </WithSubscribedReport>,
    );
    const subscriptions = await screen.findByTestId('my-subscriptions-table');
    await userEvent.click(within(subscriptions).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete?' });
    expect(confirm).toHaveTextContent('“Monthly Sales (SQL)” will no longer be sent or checked.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith(subscription.id))).toBe(
        true,
      ),
    );
  });

  it('checks an alert now', async () => {
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <MySubscriptions />
      </WithSubscribedReport>,
    );
    const alerts = await screen.findByTestId('my-alerts-table');
    await userEvent.click(within(alerts).getByRole('button', { name: 'Check now' }));
    await vi.waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.method === 'POST' && call.path === pathOf(apiRoutes.sendSubscriptionNow, { id: alert.id }),
        ),
      ).toBe(true),
    );
  });
});
