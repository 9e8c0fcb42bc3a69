import { describe, expect, it } from 'vitest';
import { type BannerLanguageContent, bannerContentIn, bannerContentSchema } from './banner-messages';

const card = (title: string): BannerLanguageContent => ({
  title,
  body: 'Body',
  primary: { label: null, type: 'close', href: null },
  secondary: null,
});

// Banner texts follow the catalogue's pattern (docs/product.md §9): English required, German optional, an optional
// Austrian override.
describe('banner content languages', () => {
  it('needs English only; German defaults to none', () => {
    expect(bannerContentSchema.parse({ en: card('Hello') })).toEqual({ en: card('Hello'), de: null });
    expect(bannerContentSchema.safeParse({ de: card('Hallo') }).success).toBe(false);
  });

  it('reads Austrian, then German, then English', () => {
    const all = { en: card('Hello'), de: card('Hallo'), deAt: card('Servus') };
    expect(bannerContentIn(all, 'en').title).toBe('Hello');
    expect(bannerContentIn(all, 'de-DE').title).toBe('Hallo');
    expect(bannerContentIn(all, 'de-AT').title).toBe('Servus');
    expect(bannerContentIn({ ...all, deAt: null }, 'de-AT').title).toBe('Hallo');
    expect(bannerContentIn({ en: card('Hello'), de: null }, 'de-AT').title).toBe('Hello');
  });
});
