/**
 * Values for the OpenAPI fuzz: plausible ones (from a parameter's schema, its name and the records that exist) and
 * hostile ones (the inputs that once answered 500: ids beyond 64 bits, integers beyond 32 bits, NUL, an enormous
 * `current`, non-numbers and non-dates, plus wrong types, long strings and odd encodings).
 */
import fc from 'fast-check';

/** What the fuzz knows about the records that exist (harvested from real list responses). */
export interface Pool {
  /** Ids by the route base they were listed under (`/api/blade-system/user`), and all of them. */
  idsByBase: Map<string, string[]>;
  ids: string[];
  /** Other real values by key (deviceSn, code, tenantId, paramKey …). */
  values: Map<string, string[]>;
}

/** Text that must never reach a data-layer error. */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '中文\u0000',
  "'; drop table blade_user; --",
  '%',
  '_',
  '\\',
  '\\u0000',
  '\uD800',
  '😀'.repeat(300),
  '{"a":1}',
  '[1,2]',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  '  12  ',
  '../../../../etc/passwd',
  'http://127.0.0.1:1/',
  'http://[::ffff:127.0.0.1]:1/',
  'http://localhost:1/x',
  '<script>alert(1)</script>',
  'true',
  ',,,',
  '0,,1',
];

/** Numbers as text, at and beyond every width the columns have (int2, int4, int8, numeric). */
export const HOSTILE_NUMBERS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '-0',
  '32768',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '36893488147419103232',
  '99999999999999999999999999999999',
  '1e20',
  '1e308',
  '-1e308',
  '1e-320',
  '12abc',
  'abc',
];

/** Ids: the signed 64-bit range and beyond (65 bits), negative, not digits, lists of them. */
export const HOSTILE_IDS: readonly string[] = [
  '0',
  '1',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551615',
  '36893488147419103232',
  '99999999999999999999',
  '-1',
  '1,2,3',
  '1,,2',
  '1,36893488147419103232',
  '1e5',
  'abc',
  '1 or 1=1',
  '０１２', // full-width digits
];

/** Dates and times that are no dates, and edges that are. */
export const HOSTILE_DATES: readonly string[] = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-01 25:00:00',
  '2024-01-01 23:60:00',
  '2024-01-01 23:59:60',
  '0000-01-01',
  '0000-00-00 00:00:00',
  '9999-12-31 23:59:59',
  '99999-01-01',
  '-0001-01-01',
  '1900-01-01',
  '2024-1-1',
  '2024/01/01',
  '20240101',
  '2024-01',
  '2024-13',
  '2024',
  'yesterday',
  '2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00+25:00',
  '1e20',
  '1700000000000',
  '2024-06-01 12:00:00',
  '2024-06-01',
  '2024-06',
];

const realOr = (xs: readonly string[] | undefined, fallback: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  xs && xs.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...xs) }, { weight: 1, arbitrary: fallback }) : fallback;

const once = <T>(make: () => T): (() => T) => {
  let v: T | undefined;
  return () => (v ??= make());
};

/** Any text, including NUL, lone surrogates and control characters. */
export const anyText = once((): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
    // Any code point, lone surrogates, NUL, BOM and bidi overrides (fc's own 'binary' unit takes seconds to build).
    {
      weight: 2,
      arbitrary: fc.string({
        maxLength: 24,
        unit: fc.oneof(fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)), fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uFEFF', '\u202E', '\r\n')),
      }),
    },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  ),
);

/** A JSON value of the wrong shape for any field: arrays for scalars, objects, booleans, huge numbers. */
export const anyJson = once((): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: anyText() },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e20, 1e308, -1e308, Number.MAX_SAFE_INTEGER) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { a: 1 }, [[]], [null], { id: '1' }) },
  ),
);

/** What a field name suggests (ids, dates, paging, small codes), from the parameter's own name. */
export function valueForName(name: string, pool: Pool, base: string): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  const localIds = pool.idsByBase.get(base) ?? [];
  const idArb = realOr(localIds.length ? localIds : pool.ids, fc.constantFrom(...HOSTILE_IDS));
  if (n === 'ids' || n.endsWith('ids')) {
    return fc.oneof(
      fc.array(idArb, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(',')),
      fc.constantFrom(...HOSTILE_IDS),
      fc.array(idArb, { minLength: 1, maxLength: 3 }),
    );
  }
  if (n === 'id' || n.endsWith('id')) return fc.oneof({ weight: 4, arbitrary: idArb }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) });
  if (n === 'current') return fc.oneof(fc.constantFrom('1', '2', '100', '0', '-1', '1e20', '9007199254740993', '4611686018427387904', 'x', '1.5'), fc.nat().map(String));
  if (n === 'size') return fc.constantFrom('1', '10', '500', '501', '0', '-1', '-10', '1e20', 'x', '2147483648');
  if (/(date|time|month|day|from|to)$/.test(n)) return fc.oneof(fc.constantFrom(...HOSTILE_DATES), anyText());
  if (/(sn|code|key|tenantid|alias|account)$/.test(n)) {
    const real = [...(pool.values.get(name) ?? []), ...(pool.values.get('deviceSn') ?? [])];
    return realOr(real, anyText());
  }
  if (/(sort|status|category|level|type|flag|sex|scope|seal|open|validity|years|power|phases)/.test(n)) {
    return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer({ min: -2, max: 5 }).map(String));
  }
  if (n === 'ascs' || n === 'descs') return fc.constantFrom('createTime', 'id', 'sort', 'create_time,update_time', 'nope', 'createTime desc', '"; select 1', '');
  return undefined;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

/** A plausible value for a schema (what a well-behaved client might send). */
export function valueForSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 3) return anyJson();
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valueForSchema(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: s.minimum ?? -5, max: Math.min(s.maximum ?? 50, 1000) });
    case 'number':
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.string({ maxLength: 16 });
    case 'array':
      return fc.array(valueForSchema(s.items, depth + 1), { maxLength: 3 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, valueForSchema(v, depth + 1)])), { requiredKeys: [] });
    default:
      return anyJson();
  }
}

/** Plausible, name-guided or hostile: the mix every field is drawn from. */
const fieldCache = new WeakMap<Pool, Map<string, fc.Arbitrary<unknown>>>();

export function fieldValue(name: string, schema: JsonSchema | undefined, pool: Pool, base: string): fc.Arbitrary<unknown> {
  const cache = fieldCache.get(pool) ?? new Map<string, fc.Arbitrary<unknown>>();
  fieldCache.set(pool, cache);
  const key = `${pool.idsByBase.has(base) ? base : ''}|${name}|${schema ? JSON.stringify(schema) : ''}`;
  let arb = cache.get(key);
  if (!arb) cache.set(key, (arb = buildFieldValue(name, schema, pool, base)));
  return arb;
}

function buildFieldValue(name: string, schema: JsonSchema | undefined, pool: Pool, base: string): fc.Arbitrary<unknown> {
  const byName = valueForName(name, pool, base);
  return fc.oneof(
    { weight: 3, arbitrary: byName ?? valueForSchema(schema) },
    { weight: 1, arbitrary: valueForSchema(schema) },
    { weight: 2, arbitrary: anyJson() },
  );
}
