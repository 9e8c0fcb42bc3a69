/** Money on the management screens, in the UI culture (docs/product.md §D.3); dates are lib/date-time's. */

/** An amount in the smallest unit of an ISO 4217 currency (cents); an unknown culture or code still shows. */
export function formatMoney(cents: number, currency: string, culture: string): string {
  try {
    return new Intl.NumberFormat(culture, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
