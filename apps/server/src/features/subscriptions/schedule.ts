import type { SubscriptionSchedule } from '@cockpit/contracts';

/**
 * The cron expression of a structured schedule (decision 029). Only the server writes cron: every field
 * comes from a validated number, so a client can neither inject an expression nor fire more than daily.
 */
export function cronOf(schedule: SubscriptionSchedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number);
  const at = `${minute} ${hour}`;
  switch (schedule.every) {
    case 'day':
      return `${at} * * *`;
    case 'weekdays':
      return `${at} * * ${[...new Set(schedule.weekdays)].sort((a, b) => a - b).join(',')}`;
    case 'week':
      return `${at} * * ${schedule.weekday}`;
    case 'month':
      return `${at} ${schedule.day} * *`;
  }
}
