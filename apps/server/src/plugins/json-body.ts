import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { afterWaitingRequests } from '../event-loop.ts';

/**
 * How deep a JSON body may nest. The deepest real body (a company document) nests 7 levels; 64
 * leaves room for any honest client, while every check after parsing (text rules, schemas,
 * storing as jsonb) stays far from the call stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in a JSON text, read in one pass without recursion
 * (brackets inside strings do not count). Invalid JSON gets some number; the parser then refuses it.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * From this many characters a body is read in turns of the event loop: the depth scan, the parse
 * and the validation of a 7.6 MB company document are 20 to 30 ms each, too long to run one after
 * the other while every other request waits (issue 39). Smaller bodies are read at once.
 */
export const LARGE_BODY_CHARS = 1_000_000;

/**
 * Every JSON body, on every route (the admin API's included), is refused with a 400 naming the
 * limit when it nests deeper than MAX_JSON_DEPTH, before it is parsed; then Fastify's own parser
 * (with its prototype-poisoning checks) reads it. Route body limits still apply first.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    const inTurns = body.length >= LARGE_BODY_CHARS;
    const next = (step: () => void) => (inTurns ? afterWaitingRequests(step) : step());
    if (jsonNestingDepth(body) > MAX_JSON_DEPTH) {
      done(
        new AppError(
          400,
          'invalid_json',
          `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
        ),
        undefined,
      );
      return;
    }
    next(() => parse(request, body, (error, parsed) => next(() => done(error, parsed))));
  });
}
