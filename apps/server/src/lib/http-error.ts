import { errorCodes } from '@cockpit/contracts';

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** An error with a status and a code the client may see; the error handler turns it into `{ error }`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent with the answer (e.g. `retry-after` of a 429 or 503). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, errorCodes.badRequest, message);
export const unauthorized = (message: string) => new HttpError(401, errorCodes.unauthorized, message);
export const forbidden = (message: string) => new HttpError(403, errorCodes.forbidden, message);
/** 404 also for objects that exist but are not the caller's (docs/product.md §D.4: never reveal them). */
export const notFound = (message: string) => new HttpError(404, errorCodes.notFound, message);
export const conflict = (message: string) => new HttpError(409, errorCodes.conflict, message);

/** The error code for a status when nothing more specific is known. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return errorCodes.badRequest;
    case 401:
      return errorCodes.unauthorized;
    case 403:
      return errorCodes.forbidden;
    case 404:
      return errorCodes.notFound;
    case 409:
      return errorCodes.conflict;
    case 413:
      return errorCodes.payloadTooLarge;
    case 415:
      return errorCodes.unsupportedMediaType;
    case 429:
      return errorCodes.rateLimited;
    case 503:
      return errorCodes.unavailable;
    default:
      return status >= 500 ? errorCodes.internal : errorCodes.badRequest;
  }
}

/** 5xx answers never carry internals (docs/product.md §D.4). */
export const internalErrorMessage = 'Internal server error';
