import type { Locator, Page } from '@playwright/test';

/** `31/03/2025` or `31.03.2025` (day, month, year as en-GB and German write them) as a month count. */
const monthOf = (day: string): number => {
  const [, month = 0, year = 0] = day.split(/\D+/).map(Number);
  return year * 12 + month - 1;
};

/**
 * Picks a day in a date field's calendar (components/ui/culture-date-field.tsx): opens it, turns the
 * months towards the day — labelled as the culture writes it, `31/03/2025` or `31.03.2025` — and clicks
 * it. `turn` names the calendar's month buttons in the UI language.
 */
export async function pickDate(
  page: Page,
  field: Locator,
  day: string,
  turn: { previous: string; next: string } = { previous: 'Previous month', next: 'Next month' },
): Promise<void> {
  await field.click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  const target = dropdown.getByRole('button', { name: day, exact: true });
  const days = dropdown.locator('table button[aria-label]');
  for (let step = 0; step < 240 && !(await target.isVisible()); step++) {
    // The middle of the shown weeks is always in the shown month.
    const shown = monthOf((await days.nth(15).getAttribute('aria-label')) ?? '');
    await dropdown.getByRole('button', { name: monthOf(day) < shown ? turn.previous : turn.next }).click();
  }
  await target.click();
}
