/**
 * Every route declares the shape of its answer (Fastify `schema.response` for a success status), or is listed in
 * test/response-schema-debt.json with a reason category. The debt only shrinks: a listed route that now has a
 * response schema, or that no longer exists, fails the test until its line is deleted, and a new route without a
 * response schema fails until it declares one.
 */
import fs from 'node:fs';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

interface DebtEntry {
  method: string;
  url: string;
  reason: string;
}
interface DebtFile {
  about: string;
  categories: Record<string, string>;
  routes: DebtEntry[];
}

const DEBT_FILE = 'test/response-schema-debt.json';
const debt = JSON.parse(fs.readFileSync(new URL('./response-schema-debt.json', import.meta.url), 'utf8')) as DebtFile;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const debtKeys = new Set(debt.routes.map(key));

/** A response schema for a success answer: 200, 201, …, `2xx` or `default` (an error-only schema does not count). */
const SUCCESS = /^(2\d\d|2xx|default)$/;
const hasResponseSchema = (schema: FastifySchema | undefined) => {
  const response = schema?.response;
  return !!response && typeof response === 'object' && Object.keys(response).some((status) => SUCCESS.test(status));
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.stop());

/**
 * The app's own routes: not HEAD (Fastify's copy of each GET, with the GET's schema), not OPTIONS, not the pages of
 * the API docs plugin (/api/docs), not the files of the built web app.
 */
const appRoutes = () =>
  t.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && !r.options.config?.webAsset);

describe('response schemas', () => {
  it('the debt list is well formed: method, url and a known reason category, each route once', () => {
    const categories = Object.keys(debt.categories);
    expect(categories.length).toBeGreaterThan(0);
    const malformed = debt.routes.filter(
      (d) => !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(d.method) || !d.url?.startsWith('/') || !categories.includes(d.reason),
    );
    expect(malformed, `${DEBT_FILE}: entries with a bad method, url or reason`).toEqual([]);
    const seen = new Set<string>();
    const duplicates = debt.routes.map(key).filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
    expect(duplicates, `${DEBT_FILE}: routes listed twice`).toEqual([]);
  });

  it('every route has a response schema or is listed as debt', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(100); // the real route table, not an empty one
    const covered = routes.filter((r) => hasResponseSchema(r.options.schema));
    const listed = routes.filter((r) => !hasResponseSchema(r.options.schema) && debtKeys.has(key(r)));
    console.log(`response schemas: ${covered.length} of ${routes.length} routes covered, ${listed.length} listed as debt in ${DEBT_FILE}`);
    // The detector sees the schemas that exist (else every route would count as debt and nothing would be checked).
    expect(covered.length).toBeGreaterThan(0);
    const missing = routes.filter((r) => !hasResponseSchema(r.options.schema) && !debtKeys.has(key(r))).map(key);
    expect(missing, 'routes without a response schema: declare `schema.response` (the debt list is not for new routes)').toEqual([]);
  });

  it('the debt list only shrinks: no listed route has a response schema now', () => {
    const paid = appRoutes()
      .filter((r) => debtKeys.has(key(r)) && hasResponseSchema(r.options.schema))
      .map(key);
    expect(paid, `these routes have a response schema now: delete their lines from ${DEBT_FILE}`).toEqual([]);
  });

  it('the debt list only shrinks: every listed route still exists', () => {
    const live = new Set(appRoutes().map(key));
    const stale = debt.routes.map(key).filter((k) => !live.has(k));
    expect(stale, `these routes no longer exist: delete their lines from ${DEBT_FILE}`).toEqual([]);
  });
});
