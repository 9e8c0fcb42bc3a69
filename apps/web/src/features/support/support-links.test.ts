import { describe, expect, it } from 'vitest';
import { localizedSupportUrl, supportLinksFor, telHref } from './support-links';

// docs/product.md §1: knowledge base English variant for English; tutorial one for English, another for the rest.
const support = {
  postalAddress: 'Somewhere 1',
  phone: '+49 (30) 123-4567',
  email: 'help@example.com',
  knowledgeBaseUrl: { en: 'https://kb.example/en', de: 'https://kb.example/de' },
  tutorialUrl: { en: 'https://tour.example/en', de: 'https://tour.example/de' },
};

describe('support links', () => {
  it('uses the English variants for English', () => {
    expect(supportLinksFor(support, 'en')).toEqual({
      knowledgeBaseUrl: 'https://kb.example/en',
      tutorialUrl: 'https://tour.example/en',
    });
  });

  it.each(['de-DE', 'de-AT'] as const)('uses the other variants for %s', (language) => {
    expect(supportLinksFor(support, language)).toEqual({
      knowledgeBaseUrl: 'https://kb.example/de',
      tutorialUrl: 'https://tour.example/de',
    });
    expect(localizedSupportUrl({ en: 'a', de: 'b' }, language)).toBe('b');
  });

  it('makes a tel: link of a formatted number', () => {
    expect(telHref('+49 (30) 123-4567')).toBe('tel:+49301234567');
  });
});
