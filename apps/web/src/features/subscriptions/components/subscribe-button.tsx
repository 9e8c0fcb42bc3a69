import { useState } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParameterValues, SubscriptionBody, SubscriptionSchedule } from '@cockpit/contracts';
import { useSubscriptionActions } from '../api/subscriptions';

export type SubscribeButtonProps = {
  targetKind: 'report' | 'dashboard';
  targetName: string;
  /** The values the page shows now: the subscription keeps them. */
  parameterValues: ParameterValues;
};

type Every = SubscriptionSchedule['every'];

/** "Subscribe" on a report or dashboard page (decision 029): a schedule, what to include, skip when empty. */
export function SubscribeButton({ targetKind, targetName, parameterValues }: SubscribeButtonProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [every, setEvery] = useState<Every>('day');
  const [time, setTime] = useState('07:00');
  const [weekdays, setWeekdays] = useState<string[]>(['1']);
  const [day, setDay] = useState(1);
  const [charts, setCharts] = useState(true);
  const [tableRows, setTableRows] = useState(10);
  const [attachment, setAttachment] = useState<'none' | 'csv' | 'xlsx'>('none');
  const [skipEmpty, setSkipEmpty] = useState(false);
  const { create } = useSubscriptionActions();
  const weekdayName = (index: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + index)),
    );

  const schedule = (): SubscriptionSchedule => {
    if (every === 'weekdays') return { every, time, weekdays: weekdays.map(Number) };
    if (every === 'week') return { every, time, weekday: Number(weekdays[0] ?? 1) };
    if (every === 'month') return { every, time, day };
    return { every: 'day', time };
  };

  const submit = () => {
    const body: SubscriptionBody = {
      targetKind,
      targetName,
      schedule: schedule(),
      parameterValues: targetKind === 'report' ? parameterValues : {},
      include: { charts, tableRows, attachment },
      skipEmpty,
    };
    create.mutate(body, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'green', message: t('subscriptions.saved') });
      },
    });
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMailPlus size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="subscribe-button"
      >
        {t('subscriptions.subscribe')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('subscriptions.dialogTitle')}>
        <Stack gap="sm">
          <Select
            label={t('subscriptions.every')}
            value={every}
            onChange={(value) => setEvery((value as Every | null) ?? 'day')}
            allowDeselect={false}
            data={[
              { value: 'day', label: t('subscriptions.everyDay') },
              { value: 'weekdays', label: t('subscriptions.everyWeekdays') },
              { value: 'week', label: t('subscriptions.everyWeek') },
              { value: 'month', label: t('subscriptions.everyMonth') },
            ]}
          />
          {(every === 'weekdays' || every === 'week') && (
            <Chip.Group
              multiple={every === 'weekdays'}
              value={every === 'weekdays' ? weekdays : (weekdays[0] ?? '1')}
              onChange={(value) => setWeekdays(Array.isArray(value) ? value : [value])}
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
          {every === 'month' && (
            <NumberInput
              label={t('subscriptions.dayOfMonth')}
              min={1}
              max={28}
              value={day}
              onChange={(value) => setDay(Number(value) || 1)}
            />
          )}
          <TextInput
            type="time"
            label={t('subscriptions.time')}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            required
          />
          <Checkbox
            label={t('subscriptions.includeCharts')}
            checked={charts}
            onChange={(event) => setCharts(event.currentTarget.checked)}
          />
          <NumberInput
            label={t('subscriptions.tableRows')}
            min={0}
            max={50}
            value={tableRows}
            onChange={(value) => setTableRows(Number(value) || 0)}
          />
          <Select
            label={t('subscriptions.attachment')}
            value={attachment}
            allowDeselect={false}
            onChange={(value) => setAttachment((value as 'none' | 'csv' | 'xlsx' | null) ?? 'none')}
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
          {create.isError && (
            <Text c="red" size="sm" role="alert">
              {create.error instanceof Error ? create.error.message : t('subscriptions.saveFailed')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={submit} loading={create.isPending} data-testid="subscribe-save">
              {t('subscriptions.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
