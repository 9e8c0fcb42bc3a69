import { describe, expect, it } from 'vitest';
import { resolveFrameUrl } from './frame-url';

// An embedded report's frame (catalogue, decision 015): a path of this site or an https URL on
// REPORT_FRAME_ORIGINS. A path gets the sign-in redirect's rule (contracts `safeRedirectPath`).

const origins = ['https://bi.example'];

describe('resolveFrameUrl', () => {
  it.each([
    '/\t/evil.example/x', // the browser drops the tab: //evil.example/x, another host
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '/\t\\evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '//evil.example/x',
    '/\u0000/evil.example/x',
    '/\u0085/evil.example/x',
    'https://evil.example/x',
    'http://bi.example/x',
    'javascript:alert(1)',
  ])('refuses %j', (stored) => {
    expect(resolveFrameUrl(stored, 'en', origins)).toBeNull();
  });

  it('keeps paths of this site (resolved) and https pages on the allowed origins, with the language filled in', () => {
    expect(resolveFrameUrl('/embedded/kpi-glossary?lang={lang}', 'de-AT', origins)).toBe(
      '/embedded/kpi-glossary?lang=de-AT',
    );
    expect(resolveFrameUrl('/embedded/../embedded/page', 'en', origins)).toBe('/embedded/page');
    expect(resolveFrameUrl('https://bi.example/board?lang={lang}', 'de-DE', origins)).toBe(
      'https://bi.example/board?lang=de-DE',
    );
  });
});
