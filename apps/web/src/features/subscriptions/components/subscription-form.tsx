import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import '@mantine/dates/styles.css';
import { TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type {
  AlertCondition,
  ParameterValue,
  ParameterValues,
  SubscriptionBody,
  SubscriptionInclude,
  SubscriptionRecipients,
  SubscriptionSchedule,
  SubscriptionView,
} from '@cockpit/contracts';
import { ParameterBar } from '../../../components/parameters/parameter-bar';
import { useCulture, usesTwelveHourClock } from '../../../lib/date-time';
import { showToast } from '../../../lib/toast';
import { bodyOf, useSubscriptionActions } from '../api/subscriptions';
import { useSubscribedReport } from './subscribed-report';
import { browserTimeZone, timeZoneChoices } from './time-zones';

type SubscriptionKind = SubscriptionView['kind'];
type Test = AlertCondition['test'];

/** The formats of a result's columns an alert can compare with a number. */
const numericFormats = new Set(['integer', 'number', 'currency', 'percent']);

const testKeys: Record<Test, string> = {
  above: 'subscriptions.alerts.test.above',
  below: 'subscriptions.alerts.test.below',
  'changed-by': 'subscriptions.alerts.test.changed-by',
  'has-rows': 'subscriptions.alerts.test.has-rows',
  'no-rows': 'subscriptions.alerts.test.no-rows',
};

export type SubscriptionFormProps = {
  kind: SubscriptionKind;
  targetKind: 'report' | 'dashboard';
  targetName: string;
  /** The values to start from: the page's, or the subscription's being edited. */
  parameterValues: ParameterValues;
  /** Editing in place: its fields fill the form and saving changes it (PUT). */
  existing?: SubscriptionView | undefined;
  /** Administrators subscribing others: whom it is for (null: not ready to save yet). */
  recipients?: SubscriptionRecipients | null | undefined;
  onDone: () => void;
};

/** The schedule's fields as the form keeps them (weekdays as chip values). */
function scheduleFields(schedule: SubscriptionSchedule | undefined) {
  return {
    every: schedule?.every ?? 'day',
    time: schedule?.time ?? '07:00',
    weekdays:
      schedule?.every === 'weekdays'
        ? schedule.weekdays.map(String)
        : schedule?.every === 'week'
          ? [String(schedule.weekday)]
          : ['1'],
    day: schedule?.every === 'month' ? schedule.day : 1,
  };
}

/** The body's schedule from the form's fields. */
export function scheduleOf(fields: ReturnType<typeof scheduleFields>): SubscriptionSchedule {
  const { every, time, weekdays, day } = fields;
  if (every === 'weekdays') return { every, time, weekdays: weekdays.map(Number) };
  if (every === 'week') return { every, time, weekday: Number(weekdays[0] ?? 1) };
  if (every === 'month') return { every, time, day };
  return { every: 'day', time };
}

/** The alert's condition from the form's fields (null while a column or number is missing). */
export function conditionOf(
  test: Test,
  column: string | null,
  amount: number | string,
): AlertCondition | null {
  if (test === 'has-rows' || test === 'no-rows') return { test };
  const number = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  if (!column || amount === '' || !Number.isFinite(number)) return null;
  if (test === 'changed-by') return number > 0 ? { test, column, percent: number } : null;
  return { test, column, value: number };
}

/**
 * A subscription's or an alert's fields (decision 029), for the Subscribe and Set alert dialogs, editing
 * in My subscriptions and administrators' subscriptions for others: the report's own parameters with
 * their choices (a date range's presets such as "Last month"), the schedule, what the mail includes or
 * the alert's condition. Creates (POST) or changes the subscription (PUT).
 */
export function SubscriptionForm({
  kind,
  targetKind,
  targetName,
  parameterValues,
  existing,
  recipients,
  onDone,
}: SubscriptionFormProps) {
  const { t, i18n } = useTranslation();
  const report = useSubscribedReport(targetName, parameterValues, targetKind === 'report');
  const [changes, setChanges] = useState<ParameterValues>({});
  const [schedule, setSchedule] = useState(() => scheduleFields(existing?.schedule));
  // A new schedule runs where the person is: the browser's time zone, shown and changeable.
  const [timeZone, setTimeZone] = useState(() => existing?.timeZone ?? browserTimeZone());
  const culture = useCulture();
  const twelveHours = usesTwelveHourClock(culture);
  const [include, setInclude] = useState<SubscriptionInclude>(
    existing?.include ?? { charts: kind === 'subscription', tableRows: 10, attachment: 'none' },
  );
  const [skipEmpty, setSkipEmpty] = useState(existing?.skipEmpty ?? false);
  const [test, setTest] = useState<Test>(existing?.condition?.test ?? 'above');
  const [column, setColumn] = useState<string | null>(
    existing?.condition && 'column' in existing.condition ? existing.condition.column : null,
  );
  const [amount, setAmount] = useState<number | string>(
    existing?.condition?.test === 'changed-by'
      ? existing.condition.percent
      : existing?.condition && 'value' in existing.condition
        ? existing.condition.value
        : '',
  );
  const [alertByMail, setAlertByMail] = useState(existing?.alertByMail ?? false);
  const actions = useSubscriptionActions();
  const saving = existing ? actions.update : actions.create;

  const parameters = (report.data?.parameters ?? []).map((parameter) =>
    parameter.name in changes ? { ...parameter, value: changes[parameter.name] ?? null } : parameter,
  );
  const columns = (report.data?.data?.table?.columns ?? []).filter((candidate) =>
    numericFormats.has(candidate.format),
  );
  const chosenColumn = column ?? columns[0]?.key ?? null;
  const condition = kind === 'alert' ? conditionOf(test, chosenColumn, amount) : null;
  const values: ParameterValues =
    parameters.length > 0
      ? Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.value]))
      : { ...parameterValues, ...changes };
  const ready =
    (kind === 'subscription' || condition !== null) && recipients !== null && schedule.time !== '';

  const weekdayName = (index: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + index)),
    );

  const submit = () => {
    const fields: Partial<SubscriptionBody> = {
      kind,
      schedule: scheduleOf(schedule),
      timeZone,
      parameterValues: targetKind === 'report' ? values : {},
      include,
      skipEmpty: kind === 'subscription' && skipEmpty,
      condition,
      alertByMail: kind === 'alert' && alertByMail,
      ...(recipients !== undefined ? { recipients } : {}),
    };
    const done = () => {
      showToast({
        type: 'success',
        title: t(kind === 'alert' ? 'subscriptions.alerts.heading' : 'subscriptions.mine'),
        message: t(
          existing
            ? 'subscriptions.changed'
            : kind === 'alert'
              ? 'subscriptions.alerts.saved'
              : 'subscriptions.saved',
        ),
      });
      onDone();
    };
    if (existing)
      actions.update.mutate({ id: existing.id, body: bodyOf(existing, fields) }, { onSuccess: done });
    else
      actions.create.mutate({ targetKind, targetName, ...fields } as SubscriptionBody, { onSuccess: done });
  };

  const setValue = (name: string, value: ParameterValue) =>
    setChanges((current) => ({ ...current, [name]: value }));

  return (
    <Stack gap="sm">
      {targetKind === 'report' && report.isPending && targetName !== '' && (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
      {parameters.length > 0 && (
        <Stack gap={4} data-testid="subscription-parameters">
          <Text size="sm" fw={600}>
            {t('subscriptions.values')}
          </Text>
          <ParameterBar parameters={parameters} onChange={setValue} />
        </Stack>
      )}
      {kind === 'alert' && (
        <Stack gap="sm" data-testid="alert-condition">
          <Select
            label={t('subscriptions.alerts.when')}
            value={test}
            allowDeselect={false}
            onChange={(value) => setTest(value ?? 'above')}
            data={(Object.keys(testKeys) as Test[]).map((value) => ({ value, label: t(testKeys[value]) }))}
          />
          {test !== 'has-rows' && test !== 'no-rows' && (
            <Group gap="sm" align="flex-start" grow>
              <Select
                label={t('subscriptions.alerts.column')}
                value={chosenColumn}
                allowDeselect={false}
                onChange={setColumn}
                data={columns.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
                error={
                  report.isSuccess && columns.length === 0 ? t('subscriptions.alerts.noColumns') : undefined
                }
              />
              <NumberInput
                label={t(
                  test === 'changed-by' ? 'subscriptions.alerts.percent' : 'subscriptions.alerts.value',
                )}
                value={amount}
                onChange={setAmount}
                min={test === 'changed-by' ? 0 : undefined}
                decimalSeparator={i18n.language.startsWith('de') ? ',' : '.'}
                required
              />
            </Group>
          )}
        </Stack>
      )}
      <Select
        label={t(kind === 'alert' ? 'subscriptions.alerts.checkEvery' : 'subscriptions.every')}
        value={schedule.every}
        onChange={(value) => setSchedule({ ...schedule, every: value ?? 'day' })}
        allowDeselect={false}
        data={[
          { value: 'day', label: t('subscriptions.everyDay') },
          { value: 'weekdays', label: t('subscriptions.everyWeekdays') },
          { value: 'week', label: t('subscriptions.everyWeek') },
          { value: 'month', label: t('subscriptions.everyMonth') },
        ]}
      />
      {(schedule.every === 'weekdays' || schedule.every === 'week') && (
        <Chip.Group
          multiple={schedule.every === 'weekdays'}
          value={schedule.every === 'weekdays' ? schedule.weekdays : (schedule.weekdays[0] ?? '1')}
          onChange={(value) => setSchedule({ ...schedule, weekdays: Array.isArray(value) ? value : [value] })}
        >
          <Group gap={6} role="group" aria-label={t('subscriptions.weekdays')}>
            {[1, 2, 3, 4, 5, 6, 0].map((index) => (
              <Chip key={index} value={String(index)} size="xs">
                {weekdayName(index)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {schedule.every === 'month' && (
        <NumberInput
          label={t('subscriptions.dayOfMonth')}
          min={1}
          max={28}
          value={schedule.day}
          onChange={(value) =>
            setSchedule({ ...schedule, day: Math.min(28, Math.max(1, Number(value) || 1)) })
          }
        />
      )}
      <Group gap="sm" align="flex-start" grow>
        {/* The time as the UI's culture tells it: 24-hour in German ("07:00"), 12-hour in en-US. */}
        <TimePicker
          label={t('subscriptions.time')}
          value={schedule.time}
          onChange={(value) => setSchedule({ ...schedule, time: value.slice(0, 5) })}
          format={twelveHours ? '12h' : '24h'}
          amPmLabels={{ am: t('subscriptions.timeAm'), pm: t('subscriptions.timePm') }}
          hoursInputLabel={t('subscriptions.timeHours')}
          minutesInputLabel={t('subscriptions.timeMinutes')}
          amPmInputLabel={t('subscriptions.timeAmPm')}
          required
          data-testid="subscription-time"
        />
        <Select
          searchable
          label={t('subscriptions.scheduleTimeZone')}
          value={timeZone}
          data={timeZoneChoices(timeZone)}
          allowDeselect={false}
          onChange={(value) => value && setTimeZone(value)}
          data-testid="subscription-time-zone"
        />
      </Group>
      {kind === 'alert' ? (
        <Checkbox
          label={t('subscriptions.alerts.byMail')}
          checked={alertByMail}
          onChange={(event) => setAlertByMail(event.currentTarget.checked)}
        />
      ) : (
        <>
          <Checkbox
            label={t('subscriptions.includeCharts')}
            checked={include.charts}
            onChange={(event) => setInclude({ ...include, charts: event.currentTarget.checked })}
          />
          <NumberInput
            label={t('subscriptions.tableRows')}
            min={0}
            max={50}
            value={include.tableRows}
            onChange={(value) =>
              setInclude({ ...include, tableRows: Math.min(50, Math.max(0, Number(value) || 0)) })
            }
          />
          <Select
            label={t('subscriptions.attachment')}
            value={include.attachment}
            allowDeselect={false}
            onChange={(value) => setInclude({ ...include, attachment: value ?? 'none' })}
            data={[
              { value: 'none', label: t('subscriptions.attachmentNone') },
              { value: 'csv', label: 'CSV' },
              { value: 'xlsx', label: 'XLSX' },
            ]}
          />
          <Checkbox
            label={t('subscriptions.skipEmpty')}
            checked={skipEmpty}
            onChange={(event) => setSkipEmpty(event.currentTarget.checked)}
          />
        </>
      )}
      {saving.isError && (
        <Alert color="red" role="alert">
          {saving.error instanceof Error ? saving.error.message : t('subscriptions.saveFailed')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={saving.isPending} disabled={!ready} data-testid="subscribe-save">
          {t(
            existing
              ? 'subscriptions.saveChanges'
              : kind === 'alert'
                ? 'subscriptions.alerts.save'
                : 'subscriptions.save',
          )}
        </Button>
      </Group>
    </Stack>
  );
}
