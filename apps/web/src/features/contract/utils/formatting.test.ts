import { describe, expect, it } from 'vitest';
import { formatMoney } from './formatting';

describe('management formatting', () => {
  it('formats money in the culture, without failing on unknown codes', () => {
    expect(formatMoney(129_000, 'EUR', 'de-DE')).toMatch(/1\.290,00\s€/);
    expect(formatMoney(4_900, 'EUR', 'en-GB')).toBe('€49.00');
    expect(formatMoney(100, 'NOT-A-CODE', 'en-GB')).toBe('1.00 NOT-A-CODE');
  });
});
