import type { TFunction } from 'i18next';
import type { SubscriptionSchedule } from '@cockpit/contracts';

/** "Every day at 07:30", "Mon, Wed at 07:30", "Monthly on day 1 at 08:00" in the UI language. */
export function scheduleText(schedule: SubscriptionSchedule, t: TFunction, locale: string): string {
  const weekday = (day: number) =>
    // 2023-01-01 was a Sunday: day 0.
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + day)),
    );
  switch (schedule.every) {
    case 'day':
      return t('subscriptions.schedule.daily', { time: schedule.time });
    case 'weekdays':
      return t('subscriptions.schedule.onDays', {
        days: schedule.weekdays.map(weekday).join(', '),
        time: schedule.time,
      });
    case 'week':
      return t('subscriptions.schedule.weekly', { day: weekday(schedule.weekday), time: schedule.time });
    case 'month':
      return t('subscriptions.schedule.monthly', { day: schedule.day, time: schedule.time });
  }
}
