/**
 * "vor 2 Stunden", "3 days ago": how long ago `isoDate` was, in the UI language, with
 * `Intl.RelativeTimeFormat` (numeric `auto`: "yesterday", "gestern"). Under a minute is "now" ("jetzt");
 * a future time (clocks a little apart) counts as now too. An unreadable date gives an empty text.
 */
const units: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

export function createRelativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  try {
    return new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  } catch {
    return new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
}

export function formatRelativeTime(format: Intl.RelativeTimeFormat, isoDate: string, now: number): string {
  const time = Date.parse(isoDate);
  if (Number.isNaN(time)) return '';
  const elapsedSeconds = Math.max(0, (now - time) / 1000);
  for (const { unit, seconds } of units) {
    if (elapsedSeconds >= seconds) return format.format(-Math.floor(elapsedSeconds / seconds), unit);
  }
  return format.format(0, 'second');
}
