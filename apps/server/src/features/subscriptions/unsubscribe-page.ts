import type { UiLanguageName } from '@cockpit/contracts';
import { translate } from '../../lib/language';

// The page a mail's unsubscribe link opens (decision 029): no sign-in, no script, one form. Its button's
// white on blue keeps the 4.5:1 contrast of WCAG AA.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const unsubscribePageCsp = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export type UnsubscribePageState =
  | { step: 'confirm'; token: string }
  | { step: 'done'; targetName: string }
  | { step: 'used' }
  | { step: 'invalid' };

export function unsubscribePageHtml(language: UiLanguageName, state: UnsubscribePageState): string {
  const t = (key: string) => escapeHtml(translate(language, key));
  let body: string;
  switch (state.step) {
    case 'confirm':
      body = `<h1>${t('subscriptions.unsubscribe.title')}</h1>
      <p>${t('subscriptions.unsubscribe.question')}</p>
      <form method="post" action="/unsubscribe?lang=${encodeURIComponent(language)}">
        <input type="hidden" name="token" value="${escapeHtml(state.token)}">
        <button type="submit">${t('subscriptions.unsubscribe.confirm')}</button>
      </form>`;
      break;
    case 'done':
      body = `<h1>${t('subscriptions.unsubscribe.doneTitle')}</h1><p>${t('subscriptions.unsubscribe.done')}</p>`;
      break;
    case 'used':
      body = `<h1>${t('subscriptions.unsubscribe.title')}</h1><p>${t('subscriptions.unsubscribe.used')}</p>`;
      break;
    case 'invalid':
      body = `<h1>${t('subscriptions.unsubscribe.title')}</h1><p>${t('subscriptions.unsubscribe.invalid')}</p>`;
      break;
  }
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${t('subscriptions.unsubscribe.title')}</title>
    <style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e}main{max-width:560px;padding:32px 24px}
    button{font:inherit;padding:8px 20px;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}</style>
  </head>
  <body>
    <main>
      ${body}
    </main>
  </body>
</html>
`;
}
