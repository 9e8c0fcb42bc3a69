import { describe, expect, it } from 'vitest';
import {
  isSafeHttpUrl,
  localizedText,
  notificationPatchSchema,
  notificationUrlSchema,
  sendNotificationBodySchema,
} from './notifications';

describe('isSafeHttpUrl (docs/product.md §D.5: url must be http(s))', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?q=1#x',
    'HTTPS://EXAMPLE.COM/Upper',
    '  https://example.com/trimmed  ',
    'https://example.com/ä-umlaut',
  ])('accepts %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'ftp://example.com',
    'mailto:someone@example.com',
    '//evil.example/path',
    '/relative/path',
    'example.com',
    'https:evil.example',
    'https:/evil.example',
    'http://',
    'https://exa\tmple.com',
    'https://example.com/\u0000',
    'https://example.com/\u200bzero-width',
    '',
    '   ',
    `https://example.com/${'a'.repeat(2001)}`,
    42,
    null,
  ])('rejects %j', (url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });

  it('the schema stores the trimmed value', () => {
    expect(notificationUrlSchema.parse('  https://example.com/x \n')).toBe('https://example.com/x');
    expect(notificationUrlSchema.safeParse('java\tscript:alert(1)').success).toBe(false);
  });
});

describe('localizedText (docs/product.md §9)', () => {
  const both = { de: 'Hallo', en: 'Hello' };
  it.each([
    ['de-DE', 'Hallo'],
    ['de-AT', 'Hallo'],
    ['de', 'Hallo'],
    ['DE-ch', 'Hallo'],
    ['en', 'Hello'],
    ['fr', 'Hello'],
    ['', 'Hello'],
  ])('%s → %s', (language, expected) => {
    expect(localizedText(both, language)).toBe(expected);
  });

  it('falls back to the other language when the preferred text is empty', () => {
    expect(localizedText({ de: '', en: 'Only English' }, 'de-DE')).toBe('Only English');
    expect(localizedText({ de: 'Nur Deutsch', en: '  ' }, 'en')).toBe('Nur Deutsch');
  });
});

describe('notificationPatchSchema (docs/product.md §4)', () => {
  it.each([
    { wasRead: true },
    { mouseOver: true },
    { wasRead: true, isoLanguageName: 'de-DE', useBackendTranslation: false },
  ])('accepts %j', (body) => {
    expect(notificationPatchSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    {},
    { wasRead: false },
    { mouseOver: false },
    { wasRead: true, mouseOver: true },
    { wasRead: 'true' },
    { wasRead: true, userId: 'someone-else' },
    { content: { title: { en: 'x', de: 'x' } } },
  ])('rejects %j', (body) => {
    expect(notificationPatchSchema.safeParse(body).success).toBe(false);
  });
});

describe('sendNotificationBodySchema', () => {
  const valid = {
    recipients: 'all',
    title: { en: 'Hello', de: 'Hallo' },
    text: { en: 'Text', de: 'Text' },
  };

  it('needs English only: German falls back to it, an Austrian override is kept', () => {
    const parsed = sendNotificationBodySchema.parse({
      ...valid,
      title: { en: 'Hello' },
      text: { en: 'Text', de: ' ', deAt: 'Servus' },
    });
    expect(parsed.title).toEqual({ en: 'Hello', de: '' });
    expect(parsed.text).toEqual({ en: 'Text', de: '', deAt: 'Servus' });
    expect(localizedText(parsed.title, 'de-DE')).toBe('Hello');
    expect(localizedText(parsed.text, 'de-AT')).toBe('Servus');
    expect(localizedText(parsed.text, 'de-DE')).toBe('Text');
  });

  it('accepts "all" or a list of user ids, with an optional http(s) url', () => {
    expect(sendNotificationBodySchema.safeParse(valid).success).toBe(true);
    expect(sendNotificationBodySchema.safeParse({ ...valid, recipients: ['u1', 'u2'] }).success).toBe(true);
    expect(sendNotificationBodySchema.parse({ ...valid, url: ' https://example.com ' }).url).toBe(
      'https://example.com',
    );
  });

  it.each([
    ['no title', { ...valid, title: undefined }],
    ['a blank English title', { ...valid, title: { en: '   ', de: 'Hallo' } }],
    ['a missing English text', { ...valid, text: { de: 'Text' } }],
    ['a title over 120 characters', { ...valid, title: { en: 'x'.repeat(121), de: 'x' } }],
    ['a text over 4000 characters', { ...valid, text: { en: 'x', de: 'x'.repeat(4001) } }],
    ['no recipients', { ...valid, recipients: [] }],
    ['other recipients', { ...valid, recipients: 'everyone' }],
    ['a javascript: url', { ...valid, url: 'javascript:alert(1)' }],
    ['an unknown field', { ...valid, sender: 'me' }],
  ])('rejects %s', (_name, body) => {
    expect(sendNotificationBodySchema.safeParse(body).success).toBe(false);
  });
});
