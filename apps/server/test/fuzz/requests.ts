/**
 * Requests for the OpenAPI fuzz. Every route of the app's route table is an operation; its parameters and body come
 * from the OpenAPI document (`app.swagger()`), and a route that declares none borrows the field names its sibling
 * routes (same base path) and the whole document use. Each request mixes plausible values with hostile ones, unknown
 * and missing keys, list-filter suffixes, odd content types and broken encodings, under one of several callers.
 */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { anyText, fieldValue, valueForName, type Pool } from './values.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  [k: string]: unknown;
}

interface DocParam {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface DocOperation {
  parameters?: DocParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, DocOperation>>;
}

export interface Operation {
  method: string;
  /** Fastify route path (`/a/:id`, `/static/*`). */
  url: string;
  /** `/api/blade-system/user` for `/api/blade-system/user/list`: where its records' ids come from. */
  base: string;
  /** Declared in the OpenAPI document (hidden routes are fuzzed too, with borrowed names). */
  documented: boolean;
  query: Map<string, JsonSchema | undefined>;
  body: Map<string, JsonSchema | undefined>;
  pathParams: string[];
}

export type Caller = 'admin' | 'limited' | 'none' | 'garbage';

export interface FuzzRequest {
  method: string;
  path: string;
  query: [string, string][];
  /** Raw text appended to the query string (broken percent-encodings). */
  rawQuery: string;
  caller: Caller;
  headers: Record<string, string>;
  encoding: 'none' | 'json' | 'form' | 'multipart' | 'text' | 'broken-json' | 'xml';
  body: Record<string, unknown> | unknown;
}

const FILTER_SUFFIXES = ['equal', 'notequal', 'like', 'likeleft', 'likeright', 'notlike', 'ge', 'le', 'gt', 'lt', 'datege', 'dategt', 'dateequal', 'datelt', 'datele', 'null', 'notnull', 'ignore'];

export const baseOf = (url: string) => url.replace(/\/[^/]*$/, '') || '/';

/** Operations of the route table, with what the document declares for each. */
export function operationsOf(routes: { method: string; url: string }[], doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  const seen = new Set<string>();
  for (const r of routes) {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const docPath = r.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[docPath]?.[r.method.toLowerCase()];
    const query = new Map<string, JsonSchema | undefined>();
    const body = new Map<string, JsonSchema | undefined>();
    for (const p of op?.parameters ?? []) if (p.in === 'query') query.set(p.name, p.schema);
    for (const c of Object.values(op?.requestBody?.content ?? {})) {
      for (const [k, v] of Object.entries(c.schema?.properties ?? {})) body.set(k, v);
    }
    out.push({
      method: r.method,
      url: r.url,
      base: baseOf(r.url.replace(/\/:\w+.*$/, '/x')),
      documented: !!op,
      query,
      body,
      pathParams: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    });
  }
  return out;
}

/** Field names per base path and for the whole document (for routes that declare nothing). */
export function vocabulary(ops: Operation[], extra: readonly string[]): { byBase: Map<string, string[]>; all: string[] } {
  const byBase = new Map<string, Set<string>>();
  const all = new Set<string>(extra);
  for (const o of ops) {
    const set = byBase.get(o.base) ?? new Set<string>();
    for (const k of [...o.query.keys(), ...o.body.keys()]) {
      set.add(k);
      all.add(k);
    }
    byBase.set(o.base, set);
  }
  return { byBase: new Map([...byBase].map(([k, v]) => [k, [...v]])), all: [...all] };
}

const pairs = (names: readonly string[], value: (n: string) => fc.Arbitrary<unknown>) =>
  names.length ? fc.array(fc.constantFrom(...names).chain((n) => value(n).map((v) => [n, v] as const)), { maxLength: 3 }) : fc.constant([]);

/** Scalars and arrays as query values: arrays become repeated keys. */
const toQueryValues = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))) : [v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)];

export function requestArb(op: Operation, pool: Pool, vocab: { byBase: Map<string, string[]>; all: string[] }): fc.Arbitrary<FuzzRequest> {
  const value = (name: string, schema?: JsonSchema) => fieldValue(name, schema, pool, op.base);
  const declared = (m: Map<string, JsonSchema | undefined>) =>
    fc.record(Object.fromEntries([...m].map(([k, s]) => [k, value(k, s)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
  const siblings = vocab.byBase.get(op.base) ?? [];
  const borrowed = [...siblings, ...vocab.all.slice(0, 400)];
  // Unknown keys, list filters with Blade's suffixes, and names from elsewhere in the document.
  const extraKeys = fc.oneof(
    pairs(borrowed, (n) => value(n)),
    pairs(siblings.length ? siblings : ['status', 'createTime', 'sort'], (n) =>
      fc.constantFrom(...FILTER_SUFFIXES).chain((s) => value(n).map((v) => [`${n}_${s}`, v] as const)),
    ).map((xs) => xs.map(([, kv]) => kv)),
    fc.array(fc.tuple(anyText(), anyText()), { maxLength: 2 }),
  ) as fc.Arbitrary<(readonly [string, unknown])[]>;
  const isWrite = op.method !== 'GET';
  const caller = fc.constantFrom<Caller>('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'limited', 'none', 'garbage');
  const encoding = isWrite
    ? fc.constantFrom<FuzzRequest['encoding']>('json', 'json', 'json', 'json', 'form', 'form', 'none', 'multipart', 'text', 'broken-json', 'xml')
    : fc.constant<FuzzRequest['encoding']>('none');
  const pathParams = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p, fc.oneof(valueForName(p, pool, op.base) ?? anyText(), anyText()).map(String)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const wildcard = fc.oneof(fc.constantFrom('index.html', '../../package.json', '%00', 'a/b/c', ''), fc.string({ maxLength: 10 }));
  const rawQuery = fc.constantFrom('', '', '', '', '&%FF=%FE', '&current=%00', '&a=%E0%A4', '&&&=', '&ids[]=1&ids[]=2', '&size=1&size=2');
  const headers = fc.record(
    {
      'accept-language': fc.constantFrom('en-US', 'zh-CN', 'xx', '*', 'en-US;q=abc'),
      'tenant-id': fc.constantFrom('000000', '', 'abc', '9999999999999999999999'),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      query: declared(op.query),
      body: declared(op.body.size ? op.body : new Map(siblings.map((k) => [k, undefined]))),
      extraQuery: extraKeys,
      extraBody: extraKeys,
      pathParams,
      wildcard,
      rawQuery,
      caller,
      encoding,
      headers,
      bodyShape: fc.constantFrom('object', 'object', 'object', 'object', 'array', 'scalar'),
      scalar: fc.constantFrom<unknown>(null, 1, 'x', [], [[1]], '1,2'),
    })
    .map((g) => {
      const path = op.url
        .replace(/:(\w+)/g, (_, p: string) => encodeText(g.pathParams[p] ?? '1'))
        .replace(/\*$/, () => g.wildcard.split('/').map(encodeText).join('/'));
      const query: [string, string][] = [];
      for (const [k, v] of [...Object.entries(g.query), ...g.extraQuery]) for (const s of toQueryValues(v)) query.push([k, s]);
      const obj = { ...g.body, ...Object.fromEntries(g.extraBody) };
      const body = g.bodyShape === 'object' ? obj : g.bodyShape === 'array' ? [obj] : g.scalar;
      return { method: op.method, path, query, rawQuery: g.rawQuery, caller: g.caller, headers: g.headers as Record<string, string>, encoding: g.encoding, body };
    });
}

/** Percent-encoding over the UTF-8 bytes (lone surrogates included, which encodeURIComponent refuses). */
export function encodeText(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const flat = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

function multipartBody(fields: Record<string, unknown>): { payload: Buffer; type: string } {
  const boundary = '----helio-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields).slice(0, 10)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${flat(v)}\r\n`));
  }
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from('PK\u0003\u0004 not really a workbook \u0000\u0001'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** The inject options of a request, with the caller's header (tokens supplied by the test). */
export function toInject(r: FuzzRequest, tokens: Record<'admin' | 'limited', string>): InjectOptions {
  const qs = r.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&') + r.rawQuery;
  const headers: Record<string, string> = { ...r.headers };
  if (r.caller === 'admin' || r.caller === 'limited') headers['blade-auth'] = `bearer ${tokens[r.caller]}`;
  if (r.caller === 'garbage') headers['blade-auth'] = 'bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoiMSJ9.';
  let payload: string | Buffer | undefined;
  const b = r.body;
  switch (r.encoding) {
    case 'json':
      payload = JSON.stringify(b);
      headers['content-type'] = 'application/json';
      break;
    case 'form':
      payload =
        b !== null && typeof b === 'object' && !Array.isArray(b)
          ? Object.entries(b as Record<string, unknown>)
              .map(([k, v]) => `${encodeText(k)}=${encodeText(flat(v))}`)
              .join('&')
          : encodeText(flat(b));
      headers['content-type'] = 'application/x-www-form-urlencoded';
      break;
    case 'multipart': {
      const m = multipartBody(b !== null && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {});
      payload = m.payload;
      headers['content-type'] = m.type;
      break;
    }
    case 'text':
      payload = flat(b);
      headers['content-type'] = 'text/plain';
      break;
    case 'broken-json':
      payload = `${JSON.stringify(b).slice(0, -1)}\u0000`;
      headers['content-type'] = 'application/json; charset=utf-8';
      break;
    case 'xml':
      payload = '<?xml version="1.0"?><a>1</a>';
      headers['content-type'] = 'application/xml';
      break;
    case 'none':
      break;
  }
  return { method: r.method as InjectOptions['method'], url: qs ? `${r.path}?${qs}` : r.path, headers, payload };
}

/** One line that reproduces a request (for failure reports). */
export function describe(o: InjectOptions): string {
  const p = o.payload === undefined ? '' : ` body=${JSON.stringify(Buffer.isBuffer(o.payload) ? o.payload.toString('latin1') : o.payload).slice(0, 600)}`;
  const h = { ...(o.headers as Record<string, string>) };
  if (h['blade-auth']) h['blade-auth'] = h['blade-auth'].slice(0, 12) + '…';
  return `${o.method} ${String(o.url).slice(0, 600)} headers=${JSON.stringify(h)}${p}`;
}
