/**
 * Route schemas compile on first use (core/lazy-schemas.ts): every route's schemas still compile (so a broken one
 * fails here, not on a first request in production), a fresh app compiles only what its requests need, and what a
 * client sees is Fastify's own validation: coercion of query numbers, 400s for bad input, the response serializer
 * dropping what a schema does not declare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyCompilers } from '../src/core/lazy-schemas.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = { ...(await t.adminHeaders()), 'accept-language': 'en-US' };
});
afterAll(async () => t?.stop());

describe('lazy route schemas', () => {
  it('validate and coerce like Fastify: a numeric query is coerced, a bad one is a translated 400', async () => {
    const ok = await t.req({ method: 'GET', url: '/api/blade-system/post/list?current=1&size=2', headers: h });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: 200, data: { current: 1, size: 2 } });
    const bad = await t.req({ method: 'GET', url: '/api/blade-system/post/list?current=abc', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, msg: 'Invalid request parameters: current must be integer' });
  });

  it('every route schema of the app compiles', () => {
    expect(() => t.compileSchemas()).not.toThrow();
  });

  it('compile only what is used, and name the route of a schema that does not compile', () => {
    const lazy = lazyCompilers();
    const factory = lazy.compilersFactory.buildValidator as unknown as (e: unknown, o: unknown) => (s: object) => (d: unknown) => boolean;
    const compile = factory({}, { customOptions: {} });
    const good = compile({ schema: { type: 'object', properties: { n: { type: 'integer' } } }, method: 'GET', url: '/ok', httpPart: 'querystring' });
    compile({ schema: { type: 'nonsense' }, method: 'POST', url: '/broken', httpPart: 'body' });
    expect(lazy.counts()).toEqual({ compiled: 0, registered: 2 });
    expect(good({ n: 1 })).toBe(true);
    expect(good({ n: 'x' })).toBe(false);
    expect(lazy.counts()).toEqual({ compiled: 1, registered: 2 });
    expect(() => lazy.compileAll()).toThrow(/POST \/broken body/);
  });
});
