import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, pathOf } from '@cockpit/contracts';
import { stubApi } from '../../../testing/stub-api';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { monthlySalesAnswer } from '../testing/report-answer';
import { WithSubscribedReport } from '../testing/with-subscribed-report';
import { conditionOf, scheduleOf } from './subscription-form';
import { SetAlertButton, SubscribeButton } from './subscribe-button';

// The Subscribe and Set alert dialogs of a report page (decision 029): the report's own parameters with
// their presets ("Last month"), the schedule, and an alert's condition on a column of the result.

const report = monthlySalesAnswer({ preset: 'this-year' });

function stub() {
  return stubApi({
    [`GET ${pathOf(apiRoutes.getReport, { name: 'monthly-sales' })}`]: () => jsonResponse(report),
    [`POST ${apiRoutes.createSubscription.path}`]: (call) => jsonResponse(call.body, 201),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('conditionOf and scheduleOf', () => {
  it('builds a condition only when it is complete', () => {
    expect(conditionOf('has-rows', null, '')).toEqual({ test: 'has-rows' });
    expect(conditionOf('above', 'revenue', 1000)).toEqual({ test: 'above', column: 'revenue', value: 1000 });
    expect(conditionOf('below', 'revenue', '2,5')).toEqual({ test: 'below', column: 'revenue', value: 2.5 });
    expect(conditionOf('changed-by', 'revenue', 10)).toEqual({
      test: 'changed-by',
      column: 'revenue',
      percent: 10,
    });
    expect(conditionOf('above', null, 5)).toBeNull();
    expect(conditionOf('above', 'revenue', '')).toBeNull();
    expect(conditionOf('changed-by', 'revenue', 0)).toBeNull();
  });

  it('builds each kind of schedule from the form', () => {
    const fields = { every: 'day' as const, time: '07:15', weekdays: ['1', '3'], day: 5 };
    expect(scheduleOf(fields)).toEqual({ every: 'day', time: '07:15' });
    expect(scheduleOf({ ...fields, every: 'weekdays' })).toEqual({
      every: 'weekdays',
      time: '07:15',
      weekdays: [1, 3],
    });
    expect(scheduleOf({ ...fields, every: 'week' })).toEqual({ every: 'week', time: '07:15', weekday: 1 });
    expect(scheduleOf({ ...fields, every: 'month' })).toEqual({ every: 'month', time: '07:15', day: 5 });
  });
});

describe('SubscribeButton', () => {
  it('subscribes with the report’s parameter values, "Last month" chosen in the dialog', async () => {
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <SubscribeButton targetKind="report" targetName="monthly-sales" parameterValues={{}} />
      </WithSubscribedReport>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive this report by e-mail' });
    expect(await within(dialog).findByRole('radio', { name: 'This year' })).toBeChecked();
    await userEvent.click(within(dialog).getByText('Last month'));
    expect(within(dialog).getByRole('radio', { name: 'Last month' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      targetKind: 'report',
      targetName: 'monthly-sales',
      kind: 'subscription',
      parameterValues: { period: { preset: 'last-month' } },
      schedule: { every: 'day', time: '07:00' },
      condition: null,
    });
  });
});

describe('SetAlertButton', () => {
  it('offers the result’s columns of numbers and saves an alert with its condition', async () => {
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <SetAlertButton targetName="monthly-sales" parameterValues={{}} />
      </WithSubscribedReport>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notify me when the data crosses a line' });
    // Only the column of numbers is offered (not the month), chosen at first.
    expect(await within(dialog).findByDisplayValue('Revenue')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Set alert' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/^Value/), '1000');
    await userEvent.click(within(dialog).getByLabelText('Also send me an e-mail'));
    await userEvent.click(save);
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      kind: 'alert',
      targetName: 'monthly-sales',
      condition: { test: 'above', column: 'revenue', value: 1000 },
      alertByMail: true,
      parameterValues: { period: { preset: 'this-year' } },
    });
  });
});

describe('the schedule’s time and time zone', () => {
  /** The browser says it is in `zone` (everything else Intl resolves stays as it is). */
  function browserIn(zone: string) {
    const resolved = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'resolvedOptions')!
      .value as (this: Intl.DateTimeFormat) => Intl.ResolvedDateTimeFormatOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: zone };
    });
  }

  it('subscribes to a dashboard in the browser’s time zone, shown in the dialog', async () => {
    browserIn('Europe/Vienna');
    const calls = stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <SubscribeButton targetKind="dashboard" targetName="7" parameterValues={{}} />
      </WithSubscribedReport>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive this dashboard by e-mail' });
    expect(within(dialog).getAllByLabelText('Time zone')[0]).toHaveValue('Europe/Vienna');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      targetKind: 'dashboard',
      targetName: '7',
      timeZone: 'Europe/Vienna',
      parameterValues: {},
      schedule: { every: 'day', time: '07:00' },
    });
  });

  it('tells the time on a 24-hour clock in German, with no AM or PM', async () => {
    stub();
    await renderWithProviders(
      <WithSubscribedReport>
        <SubscribeButton targetKind="report" targetName="monthly-sales" parameterValues={{}} />
      </WithSubscribedReport>,
      { language: 'de-DE' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abonnieren' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Stunden')).toHaveValue('07');
    expect(within(dialog).getByLabelText('Minuten')).toHaveValue('00');
    expect(within(dialog).queryByLabelText('Vormittag oder Nachmittag')).toBeNull();
  });
});
