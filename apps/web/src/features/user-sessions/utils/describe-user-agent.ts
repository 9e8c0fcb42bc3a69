/** Browser and operating system named by a User-Agent, for the sessions list; null when unknown. */
export type DeviceDescription = { browser: string | null; system: string | null };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/\d/, 'Edge'],
  [/\bOPR\/\d|\bOpera\b/, 'Opera'],
  [/\bFirefox\/\d|\bFxiOS\/\d/, 'Firefox'],
  [/\bChrome\/\d|\bCriOS\/\d|\bChromium\/\d/, 'Chrome'],
  [/\bSafari\/\d/, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biOS\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, system: null };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
