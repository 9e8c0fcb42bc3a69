import { errorCodes } from '@cockpit/contracts';
import type { App } from '../app-types';
import { HttpError } from '../lib/http-error';

/** No body the API accepts is nested deeper; deeper ones are attacks on recursive code (decision 009). */
export const maxJsonDepth = 32;

/** Deepest nesting of arrays/objects, counted without recursion (the input may be hostile). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > maxJsonDepth) return deepest;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/** Whether any string (or key) in the value holds a NUL character, without recursion. */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Input rules every route shares (the hostile-input suite), so no route can forget them:
 * - JSON bodies keep Fastify's prototype-poisoning protection and may be nested at most 32 levels;
 * - no NUL character in a path parameter, query parameter or body string: PostgreSQL cannot store one
 *   in text and would fail the request with a 500 instead of a clear 400.
 */
export function registerInputGuards(app: App): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      if (jsonDepth(parsed) > maxJsonDepth) {
        return done(
          new HttpError(
            400,
            errorCodes.badRequest,
            `The JSON body is nested more than ${maxJsonDepth} levels deep`,
          ),
          undefined,
        );
      }
      done(null, parsed);
    });
  });

  // Synchronous (decision 028): no promise for the usual answer, "nothing found".
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(new HttpError(400, errorCodes.badRequest, 'The request contains a NUL character'));
    }
    done();
  });
}
