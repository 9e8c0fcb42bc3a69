import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { App } from '../app-types';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
const thresholdBytes = 1024;

/**
 * Answers up to this size are compressed at once on the event loop (well under a millisecond for the
 * menu's 10 KB); larger ones stream through libuv's thread pool. Decision 009: left to the library's
 * default (8 KB on two cores) the menu went to the thread pool too and waited there behind the
 * compression of 8 MB reports.
 */
export const syncCompressionMaxBytes = 64 * 1024;

/**
 * Brotli's quality (decision 009, measured with bench/report-load.bench.ts): a large report streamed in
 * pieces compresses to the same size at 1 as at 4 (8.3 MB → 2.5 MB), with about a third of the CPU —
 * which the server shares on two cores with the database and the event loop. Its default, 11, costs
 * many times more.
 */
const brotliQuality = 1;

/**
 * gzip's level, for clients without brotli, on the same grounds: a 100,000-row answer (3.6 MB of JSON)
 * takes 35 ms at level 1 and 87 ms at 5, for 9 % more bytes (0.93 against 0.85 MB).
 */
const gzipLevel = 1;

/**
 * gzip / brotli for every answer the client accepts it for (decision 009): a report of 100,000 rows is
 * several MB of JSON, under a third of that compressed. The notification stream writes to the socket
 * itself and is never compressed (events must arrive at once).
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: thresholdBytes,
    syncThreshold: syncCompressionMaxBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: gzipLevel },
  });
}
