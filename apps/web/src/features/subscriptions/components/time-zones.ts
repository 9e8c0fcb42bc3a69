/** The time zones a schedule can run in: UTC first, then every zone the browser knows (by IANA name). */
export const timeZones: readonly string[] = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? [
    'Europe/Berlin',
    'Europe/Vienna',
    'Europe/Zurich',
    'Europe/London',
  ];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
})();

/** The browser's own time zone (where the person is); UTC when the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones to choose from, with `zone` among them (a browser may name a zone its list spells otherwise). */
export function timeZoneChoices(zone: string): string[] {
  return timeZones.includes(zone) ? [...timeZones] : [zone, ...timeZones];
}
