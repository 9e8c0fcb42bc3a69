import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from '../app-types';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
const thresholdBytes = 1024;

/**
 * gzip / brotli for every answer the client accepts it for (decision 009): a report of 100,000 rows is
 * several MB of JSON, a tenth of that compressed. Brotli at quality 4: most of its gain at a fraction of
 * the CPU of its default 11 (the server shares two cores with the database). The notification stream
 * writes to the socket itself and is never compressed (events must arrive at once).
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: thresholdBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
}
