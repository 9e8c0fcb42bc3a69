import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@cockpit/contracts';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built SPA from WEB_DIST_DIR and answers every other non-/api GET with index.html (so
 * /login, /settings, /anything load the app, which shows its own not-found page). Unknown /api
 * routes get a JSON 404.
 */
export async function registerWebApp(app: App): Promise<void> {
  const root = app.config.webDistDir;
  const hasWebApp = existsSync(path.join(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // Hashed build assets never change; index.html must be revalidated so a new build is picked up.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir: root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? request.url;
    if (hasWebApp && !isApiPath(url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      error: { code: errorCodes.notFound, message: `Route ${request.method} ${url.split('?')[0]} not found` },
    });
  });
}
