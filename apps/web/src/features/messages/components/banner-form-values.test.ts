import { describe, expect, it } from 'vitest';
import { bannerMessageInputSchema, type ManagedBanner } from '@cockpit/contracts';
import {
  bannerFormValues,
  bannerInput,
  emptyBannerForm,
  previewItem,
  shownLanguage,
} from './banner-form-values';

const stored: ManagedBanner = {
  id: 'b1',
  startsAt: '2030-01-01T08:00:00.000Z',
  endsAt: null,
  status: 'scheduled',
  dismissals: 0,
  createdAt: '2029-12-01T00:00:00.000Z',
  updatedAt: '2029-12-01T00:00:00.000Z',
  content: {
    en: {
      title: 'Hello',
      body: 'World',
      primary: { label: null, type: 'close', href: null },
      secondary: { label: 'Docs', type: 'link', href: 'https://example.com/docs' },
    },
    de: {
      title: 'Hallo',
      body: 'Welt',
      primary: { label: 'Los', type: 'link', href: '/settings' },
      secondary: null,
    },
  },
};

describe('banner form values', () => {
  it('round-trips a stored banner through the form unchanged', () => {
    const input = bannerInput(bannerFormValues(stored));
    expect(input.content).toEqual({ ...stored.content, deAt: null });
    expect(input.startsAt).toBe(stored.startsAt);
    expect(input.endsAt).toBeNull();
    expect(bannerMessageInputSchema.safeParse(input).success).toBe(true);
  });

  it('an empty primary label means the default label; hrefs only for links', () => {
    const values = structuredClone(emptyBannerForm);
    values.content.en = {
      ...values.content.en,
      title: 'T',
      body: 'B',
      primaryLabel: '  ',
      primaryHref: '/ignored',
    };
    const input = bannerInput(values);
    expect(input.content.en.primary).toEqual({ label: null, type: 'close', href: null });
    expect(input.content.en.secondary).toBeNull();
    expect(previewItem(values.content.en).action.label).toBeNull();
  });

  it('an empty form is invalid in English; German and Austrian left empty are not sent', () => {
    const result = bannerMessageInputSchema.safeParse(bannerInput(emptyBannerForm));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['content.en.title', 'content.en.body']));
    expect(paths?.some((path) => path.startsWith('content.de'))).toBe(false);
    expect(bannerInput(emptyBannerForm).content).toMatchObject({ de: null, deAt: null });
  });

  it('a German text begun must be finished; the previews fall back like users do (docs/product.md §9)', () => {
    const values = structuredClone(emptyBannerForm);
    values.content.en = { ...values.content.en, title: 'Maintenance', body: 'On Saturday.' };
    values.content.de = { ...values.content.de, title: 'Wartung' };
    const paths = bannerMessageInputSchema
      .safeParse(bannerInput(values))
      .error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['content.de.body']);
    expect(shownLanguage(values, 'deAt').title).toBe('Wartung');
    values.content.de = structuredClone(emptyBannerForm.content.de);
    expect(shownLanguage(values, 'deAt').title).toBe('Maintenance');
    expect(bannerMessageInputSchema.safeParse(bannerInput(values)).success).toBe(true);
  });
});
