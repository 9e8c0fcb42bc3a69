import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { scheduleText } from './schedule-text';

// The schedule as the list shows it: the key of its kind, with the weekdays named in the UI language.
const t = ((key: string, values: Record<string, unknown>) =>
  `${key} ${JSON.stringify(values)}`) as unknown as TFunction;

describe('scheduleText', () => {
  it('names each kind of schedule with its time', () => {
    expect(scheduleText({ every: 'day', time: '07:30' }, t, 'en')).toBe(
      'subscriptions.schedule.daily {"time":"07:30"}',
    );
    expect(scheduleText({ every: 'month', time: '08:00', day: 15 }, t, 'en')).toBe(
      'subscriptions.schedule.monthly {"day":15,"time":"08:00"}',
    );
  });

  it('names weekdays in the UI language, Sunday being day 0', () => {
    expect(scheduleText({ every: 'weekdays', time: '06:00', weekdays: [1, 3] }, t, 'en')).toBe(
      'subscriptions.schedule.onDays {"days":"Mon, Wed","time":"06:00"}',
    );
    // Abbreviations differ between ICU versions ("So" or "So.").
    expect(scheduleText({ every: 'week', time: '18:15', weekday: 0 }, t, 'de-DE')).toMatch(
      /^subscriptions\.schedule\.weekly \{"day":"So\.?","time":"18:15"\}$/,
    );
  });
});
