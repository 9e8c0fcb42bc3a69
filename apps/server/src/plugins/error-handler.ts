import { type ApiError, errorCodes } from '@cockpit/contracts';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { HttpError, errorCodeForStatus, internalErrorMessage } from '../lib/http-error';

/**
 * Every error becomes `{ error: { code, message } }` with the right status (DESIGN.md §4): 400 names
 * the invalid field, 5xx never carries internals.
 */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error);
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
    }
    return reply.status(status).send(body);
  });
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
