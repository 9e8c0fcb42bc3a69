import type { TranslationKey, UiLanguageName } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveLanguage, translate } from '../../lib/language';

/**
 * Pages an embedded report may show in its frame, served by this server (the demo runs offline, so the
 * embedded report is same-origin; other frame origins come from REPORT_FRAME_ORIGINS). Public: a frame
 * cannot send the bearer token, so these pages hold nothing but general texts.
 */
export const embeddedPaths = {
  kpiGlossary: '/embedded/kpi-glossary',
  stylesheet: '/embedded/embedded.css',
} as const;

const glossaryEntries: [TranslationKey, TranslationKey][] = [
  ['reports.measure.revenue', 'reports.glossary.revenue'],
  ['reports.measure.cost', 'reports.glossary.cost'],
  ['reports.measure.margin', 'reports.glossary.margin'],
  ['reports.measure.marginPct', 'reports.glossary.marginPct'],
  ['reports.measure.quantity', 'reports.glossary.quantity'],
  ['reports.measure.avgPrice', 'reports.glossary.avgPrice'],
  ['reports.measure.share', 'reports.glossary.share'],
  ['reports.measure.changePct', 'reports.glossary.changePct'],
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function kpiGlossaryHtml(language: UiLanguageName): string {
  const t = (key: TranslationKey) => escapeHtml(translate(language, key));
  const entries = glossaryEntries
    .map(([term, text]) => `<dt>${t(term)}</dt><dd>${t(text)}</dd>`)
    .join('\n      ');
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8">
    <title>${t('reports.glossary.title')}</title>
    <link rel="stylesheet" href="${embeddedPaths.stylesheet}">
  </head>
  <body>
    <main>
      <h1>${t('reports.glossary.title')}</h1>
      <p>${t('reports.glossary.intro')}</p>
      <dl>
      ${entries}
      </dl>
    </main>
  </body>
</html>
`;
}

// A stylesheet of its own rather than inline styles, so a strict CSP (style-src 'self') allows it.
const stylesheet = `body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}
main{max-width:760px;padding:24px}
h1{font-size:22px;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 24px;margin:16px 0 0}
dt{font-weight:600}
dd{margin:0;color:#373a40}
`;

const embeddedPageCsp = [
  "default-src 'none'",
  "style-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export const embeddedPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    embeddedPaths.kpiGlossary,
    {
      schema: {
        // An HTML page for a report's frame, not an operation of the API: left out of its document.
        hide: true,
        // An unknown language is ignored (English), never an error page inside the frame.
        querystring: z.object({ lang: z.string().max(16).optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const language = resolveLanguage(request.query.lang, 'en');
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          // The one kind of page meant to be framed — by this app only (the app's own pages deny framing).
          .header('x-frame-options', 'SAMEORIGIN')
          .header('content-security-policy', embeddedPageCsp)
          .send(kpiGlossaryHtml(language))
      );
    },
  );

  app.get(embeddedPaths.stylesheet, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  );
};
