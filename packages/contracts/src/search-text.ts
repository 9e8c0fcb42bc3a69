// Plain functions, no zod (see languages.ts): every search of the web app — the main menu search and the
// dashboards panel — compares text through this one normaliser (docs/product.md §D.3: case- and
// accent-insensitive, `ä` matches `a`, `ß` matches `ss`).

// Letters that do not decompose into a base letter and a mark under NFD.
const foldedLetters: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
};
const foldable = /[ßẞæœøđłı]/g;
const combiningMarks = /\p{M}+/gu;
const whitespace = /\s+/g;
// eslint-disable-next-line no-control-regex
const asciiOnly = /^[\u0000-\u007f]*$/;

/**
 * Lower case, accents removed, special letters folded, runs of white space collapsed:
 * `"Größe  Ümsätze"` → `"grosse umsatze"`.
 */
export function normalizeSearchText(text: string): string {
  const lower = text.toLowerCase();
  // Plain ASCII (most English labels) needs no Unicode work.
  const folded = asciiOnly.test(lower)
    ? lower
    : lower
        .normalize('NFD')
        .replace(combiningMarks, '')
        .replace(foldable, (letter) => foldedLetters[letter] ?? letter);
  return folded.replace(whitespace, ' ').trim();
}
