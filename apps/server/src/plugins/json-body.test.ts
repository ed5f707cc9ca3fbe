import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, LARGE_BODY_CHARS, MAX_JSON_DEPTH, registerJsonBody } from './json-body.ts';

describe('jsonNestingDepth', () => {
  it('counts the deepest nesting of arrays and objects', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{}')).toBe(1);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonNestingDepth('[[],[[]],[]]')).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('["\\\\",[]]')).toBe(2);
  });

  it('reads a body far deeper than the limit without recursion', () => {
    expect(jsonNestingDepth(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBe(1_000_000);
    expect(MAX_JSON_DEPTH).toBe(64);
  });
});

describe('registerJsonBody', () => {
  /** An app that answers a POSTed body with it, and how many turns of the event loop went by before its handler ran. */
  async function echoApp() {
    const app = Fastify({ bodyLimit: 4 * LARGE_BODY_CHARS });
    registerJsonBody(app);
    let turns = 0;
    app.post('/', async (request) => ({ turns, body: request.body }));
    await app.ready();
    const post = async (body: string) => {
      turns = 0;
      let counting = true;
      const count = () => {
        turns++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const response = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      counting = false;
      return response;
    };
    return { app, post };
  }

  /** A JSON body of exactly `chars` characters: an object holding one string. */
  const bodyOf = (chars: number) => JSON.stringify({ text: 'x'.repeat(chars - '{"text":""}'.length) });

  it('reads a body from LARGE_BODY_CHARS characters in turns of the event loop, and a smaller one at once, to the same value', async () => {
    const { app, post } = await echoApp();
    const small = await post(bodyOf(LARGE_BODY_CHARS - 1));
    const large = await post(bodyOf(LARGE_BODY_CHARS));
    expect(small.statusCode).toBe(200);
    expect(large.statusCode).toBe(200);
    expect(small.json().body).toEqual(JSON.parse(bodyOf(LARGE_BODY_CHARS - 1)));
    expect(large.json().body).toEqual(JSON.parse(bodyOf(LARGE_BODY_CHARS)));
    // Two pauses, each past a poll phase of the event loop (two turns).
    expect(large.json().turns - small.json().turns).toBeGreaterThanOrEqual(4);
    await app.close();
  });

  it('refuses a large body nested too deep, and one that is not JSON, as a small one', async () => {
    const { app, post } = await echoApp();
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const padded = (json: string) => `${json}${' '.repeat(LARGE_BODY_CHARS)}`;
    expect((await post(padded(deep))).statusCode).toBe(400);
    expect((await post(padded(deep))).json()).toMatchObject({
      message: `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
    });
    expect((await post(padded('{"a":'))).statusCode).toBe(400);
    expect((await post(padded('{"__proto__":{"polluted":true}}'))).statusCode).toBe(400);
    await app.close();
  });
});
