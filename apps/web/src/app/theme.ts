import type { MantineColorsTuple, MantineThemeOverride } from '@mantine/core';

/**
 * Brand colours (docs/product.md §9: green, orange, red, blue, white). Each palette is tuned so that shades 6–9
 * keep a contrast of at least 4.5:1 against white — text in the primary colour and white text on
 * filled buttons stay readable (WCAG AA).
 */
const blue: MantineColorsTuple = [
  '#e8f1fb',
  '#d0e1f6',
  '#a1c3ed',
  '#70a3e3',
  '#4787da',
  '#2e74d3',
  '#1b5fa8',
  '#174f8c',
  '#123f70',
  '#0d2f54',
];
const green: MantineColorsTuple = [
  '#e7f5ec',
  '#cdeadb',
  '#9dd4b0',
  '#6abd85',
  '#42aa63',
  '#2a9a4e',
  '#1e7b3c',
  '#176b34',
  '#135828',
  '#0d401d',
];
const orange: MantineColorsTuple = [
  '#fff1e6',
  '#ffe0c7',
  '#ffc08f',
  '#fd9f55',
  '#f98529',
  '#f0720f',
  '#b4530a',
  '#a84c08',
  '#8a3e06',
  '#6b3004',
];
const red: MantineColorsTuple = [
  '#fdeaea',
  '#f9d0d0',
  '#f2a1a1',
  '#ea6f6f',
  '#e44848',
  '#de2f2f',
  '#b81f1f',
  '#9a1a1a',
  '#7b1515',
  '#5c1010',
];

/**
 * Mantine's grays, with shade 6 (the "dimmed" text colour) darkened from #868e96 (3.2:1 on the page
 * background) to #5f666d (5.2:1) so secondary text stays readable.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5f666d',
  '#495057',
  '#343a40',
  '#212529',
];

/**
 * The app theme. A plain object (Mantine's `createTheme` only returns its argument): vite.config.ts
 * reads it at build time to write the same CSS variables as a static style sheet, without loading Mantine.
 */
export const theme: MantineThemeOverride = {
  colors: { blue, green, orange, red, gray },
  primaryColor: 'blue',
  primaryShade: 6,
  white: '#ffffff',
  black: '#1a1b1e',
  // System fonts only: the app loads nothing from other hosts (CSP, decision 008).
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'sm',
  cursorType: 'pointer',
};
