// A number as a reader types it in their culture (docs/decisions/030: formats follow the language unless
// a culture is chosen): German `1.500,50`, English `1,500.50`. Text that is not a number of that culture
// is refused, never guessed: `1.5` in German (a group of one digit) or `1.500,50` in English is null.

type Separators = { group: string; decimal: string };

const separatorsByCulture = new Map<string, Separators>();

function separatorsOf(culture: string): Separators {
  let found = separatorsByCulture.get(culture);
  if (!found) {
    const parts = new Intl.NumberFormat(culture).formatToParts(12345.6);
    found = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorsByCulture.set(culture, found);
  }
  return found;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A culture grouping with a space (de-AT, fr) writes a no-break space; a typed space counts as one. */
const spaces = /[\s\u00a0\u202f]/;

/** The number `text` writes in `culture`, or null when it is none (empty text included). */
export function parseCultureNumber(text: string, culture: string): number | null {
  const { group, decimal } = separatorsOf(culture);
  const groupPattern = spaces.test(group) ? '[\\s\\u00a0\\u202f]' : escape(group);
  const pattern = new RegExp(
    `^([-\u2212]?)(\\d{1,3}(?:${groupPattern}\\d{3})+|\\d+)(?:${escape(decimal)}(\\d+))?$`,
  );
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction] = match;
  const number = Number(`${sign ? '-' : ''}${whole.replace(/\D/g, '')}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(number) ? number : null;
}

/** A number as the culture writes it in a field, grouped, with all its decimals (`1.500,5`). */
export function formatCultureNumber(value: number, culture: string): string {
  return new Intl.NumberFormat(culture, { maximumFractionDigits: 20 }).format(value);
}
