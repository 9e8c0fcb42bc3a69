import { type ApiError, errorCodes } from '@cockpit/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { HttpError, errorCodeForStatus, internalErrorMessage } from '../lib/http-error';
import type { Config } from '../config';
import { isDatabaseUnavailable } from './database-unavailable';
import { staticSecurityHeaders } from './security-headers';

/** What a client sees while the database is unreachable (security hardening: 503, quickly, never internals). */
export const unavailableMessage = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * Every error becomes `{ error: { code, message } }` with the right status (docs/product.md §D.4): 400 names
 * the invalid field, 5xx never carries internals.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: { code: errorCodes.unavailable, message: unavailableMessage } });
    }
    const body = toApiError(error);
    const status = statusOf(error);
    if (error instanceof HttpError) void reply.headers(error.headers);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
    }
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: answers the router gives before any hook runs (a URL that is not valid
 * percent-encoding, a path parameter over 100 characters). They get the error shape and the security
 * headers like every other answer (security hardening: hostile URL variants).
 */
export function frameworkErrorHandler(config: Config) {
  const headers = staticSecurityHeaders(config);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
    void reply
      .status(status)
      .headers(headers)
      .send({
        error: {
          code: errorCodes.badRequest,
          message: status === 414 ? 'A path parameter is too long' : 'The URL is not valid',
        },
      });
  };
}

function statusOf(error: FastifyError): number {
  if (error instanceof HttpError) return error.statusCode;
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) return 400;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof HttpError) return { error: { code: error.code, message: error.message } };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation;
    const where = error.validationContext ?? 'request';
    const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const message = issue?.message ?? 'Invalid input';
    return {
      error: {
        code: errorCodes.badRequest,
        message: field ? `Invalid ${where} field '${field}': ${message}` : `Invalid ${where}: ${message}`,
      },
    };
  }
  const status = statusOf(error);
  if (status >= 500 || isResponseSerializationError(error)) {
    return { error: { code: errorCodes.internal, message: internalErrorMessage } };
  }
  // Fastify's own 4xx errors (malformed JSON, body too large, unsupported media type) have safe messages.
  return { error: { code: errorCodeForStatus(status), message: error.message } };
}
