import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf, type SubscriptionView } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { WithSubscribedReport } from '../testing/with-subscribed-report';
import { MailManagement } from './mail-management';

// Management → Mail (decision 029): the organisation's subscriptions by whom they go to, each the
// administrator made for others with its actions; another person's own without them.

const forMember: SubscriptionView = {
  id: '5d2f1a3b-8c4e-4f6a-9b7d-1e2f3a4b5c6d',
  kind: 'subscription',
  targetKind: 'report',
  targetName: 'shop-revenue',
  title: 'Shop Revenue',
  schedule: { every: 'day', time: '07:00' },
  timeZone: 'Europe/Berlin',
  parameterValues: {},
  include: { charts: true, tableRows: 10, attachment: 'none' },
  skipEmpty: false,
  condition: null,
  alertByMail: false,
  alertState: 'normal',
  paused: false,
  recipients: { userIds: ['member'], audience: null },
  recipientNames: ['Mia Member'],
  ownerId: 'admin',
  lastDelivery: null,
  createdAt: '2026-03-01T07:00:00.000Z',
};

const membersOwn: SubscriptionView = {
  ...forMember,
  id: '6e3a2b4c-9d5f-4a7b-8c8e-2f3a4b5c6d7e',
  recipients: null,
  recipientNames: ['Bea Basic'],
  ownerId: 'basic',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MailManagement', () => {
  it('lists subscriptions by recipient name, with actions on those the administrator owns', async () => {
    const calls = stubApi({
      [`GET ${apiRoutes.listManagedSubscriptions.path}`]: () =>
        jsonResponse({ subscriptions: [forMember, membersOwn] }),
      [`GET ${apiRoutes.listDeliveries.path}`]: () => jsonResponse({ deliveries: [] }),
      [`POST ${pathOf(apiRoutes.sendSubscriptionNow, { id: forMember.id })}`]: () =>
        jsonResponse({ deliveries: 1 }, 202),
      [`PUT ${pathOf(apiRoutes.updateSubscription, { id: forMember.id })}`]: () =>
        jsonResponse({ ...forMember, paused: true }),
    });
    await renderWithProviders(
      <WithSubscribedReport>
        <MailManagement reports={[]} renderAudience={() => null} outbox={null} currentUserId="admin" />
      </WithSubscribedReport>,
    );
    const rows = await screen.findAllByTestId('organisation-subscription-row');
    expect(rows).toHaveLength(2);
    const [mine, theirs] = rows as [HTMLElement, HTMLElement];
    expect(within(mine).getByTestId('subscription-recipients')).toHaveTextContent('Mia Member');
    expect(mine).not.toHaveTextContent('1 users');
    expect(within(theirs).getByTestId('subscription-recipients')).toHaveTextContent('Bea Basic');
    for (const name of ['Edit', 'Send now', 'Pause', 'Delete'])
      expect(within(mine).getByRole('button', { name })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();

    await userEvent.click(within(mine).getByRole('button', { name: 'Send now' }));
    await userEvent.click(within(mine).getByRole('button', { name: 'Pause' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      paused: true,
      recipients: { userIds: ['member'], audience: null },
      timeZone: 'Europe/Berlin',
    });
  });
});
