import http from 'node:http';
import https from 'node:https';
import { AddressRefusedError, type PublicAddressRule } from './public-address';

export interface GuardedFetchOptions {
  /** Which addresses a connection may go to (public-address.ts); checked when the socket connects. */
  rule: PublicAddressRule;
  /** Plain http is allowed (the caller decides when: a provider on this machine outside production). */
  allowPlainHttp: boolean;
  /** Answers larger than this are cut off with an error (documents, keys and tokens are small). */
  maxResponseBytes?: number;
}

export interface GuardedRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal;
}

/** The fetch outside calls on an administrator's behalf go through. */
export type GuardedFetch = (url: string | URL, init?: GuardedRequestInit) => Promise<Response>;

const defaultMaxResponseBytes = 1024 * 1024;
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for requests to hosts an administrator chose (public-address.ts): https only unless
 * `allowPlainHttp`, the host checked before the request and its address checked again when the socket
 * connects (the `lookup` of `http.request`), redirects never followed (the answer is returned as it is,
 * as openid-client asks with `redirect: 'manual'`), and the answer's size capped. Built on node:http(s)
 * because the global fetch has no hook at connect time.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxBytes = options.maxResponseBytes ?? defaultMaxResponseBytes;
  return async (input, init = {}) => {
    const url = new URL(input);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPlainHttp)) {
      throw new AddressRefusedError(`${url.protocol}//${url.host} is not allowed (https only)`);
    }
    // Address literals never reach `lookup`: checked here. Names are checked here and at connect time.
    await options.rule.check(url.hostname);
    const body = bodyBytes(init.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: {
            ...init.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          lookup: options.rule.lookup,
          signal: init.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy(new Error(`the answer of ${url.host} is larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', (error) => reject(asFetchFailure(error, init.signal)));
          response.on('end', () => {
            const headers = new Headers();
            for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
              headers.append(response.rawHeaders[index]!, response.rawHeaders[index + 1]!);
            }
            const status = response.statusCode ?? 502;
            try {
              resolve(
                new Response(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks), {
                  status,
                  statusText: response.statusMessage ?? '',
                  headers,
                }),
              );
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      request.on('error', (error) => reject(asFetchFailure(error, init.signal)));
      request.end(body ?? undefined);
    });
  };
}

/**
 * Failures as the global fetch reports them: the abort signal's reason when aborted (a timeout), the
 * address rule's refusal as it is, anything else of the network as `TypeError('fetch failed')`.
 */
function asFetchFailure(error: Error, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof AddressRefusedError || (error as { code?: unknown }).code === 'ADDRESS_REFUSED') {
    return error instanceof AddressRefusedError ? error : new AddressRefusedError(error.message);
  }
  return new TypeError('fetch failed', { cause: error });
}

function bodyBytes(body: GuardedRequestInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
