import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

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
      if (char === 0x5c) i++; // a backslash escapes the next character
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
 * Every JSON body, on every route (the admin API's included), is refused with a 400 naming the
 * limit when it nests deeper than MAX_JSON_DEPTH, before it is parsed; then Fastify's own parser
 * (with its prototype-poisoning checks) reads it. Route body limits still apply first.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (jsonNestingDepth(body) > MAX_JSON_DEPTH) {
      done(new AppError(400, 'invalid_json', `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, body, done);
  });
}
