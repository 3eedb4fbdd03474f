/**
 * Recorded request shapes of stock Blade-family clients, and what each client reads from the answer.
 *
 * A fixture file is data: an ordered list of `Step`s, each one request as the client sends it (method, URL, query,
 * JSON body or upload) and the `reads` — the places in the answer the client's code uses, with the shape it needs
 * there. Steps hand values to later steps through `save` (a variable from a path of the answer) and `{{name}}`
 * placeholders. The engine here (`replay.ts` drives it from vitest) resolves them, sends the request the way the
 * client's HTTP layer does and checks every read.
 *
 * Paths: `data.records[].id` — `a.b` a property, `[]` every element (at least one must exist), `[2]` an index,
 * `[account=fx_user]` the first element whose `account` equals the value (compared as text), searched through
 * `children` too (Blade trees). Placeholders: `{{name}}` is a saved variable (the whole string → the raw value);
 * `{{sm2 name}}` / `{{md5 name}}` the variable SM2-encrypted with the server's public key (as sm-crypto
 * `doEncrypt(…, 0)`) / as md5 hex; `{{join name}}` a list comma-joined (the `ids` of a multiple selection). A body key `"..."` spreads an object (`{"...": "{{userDetail}}", "realName": "x"}`
 * is the detail with one field edited, which is how Avue forms post an edit).
 */
import { createHash } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the client needs at a path. `id`: a non-empty string (Blade ids travel as strings); `present`: not undefined. */
export type Shape = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null' | 'id' | 'present' | 'absent' | 'text';

export interface Read {
  path: string;
  is?: Shape | Shape[];
  /** Deep equality (after placeholders). */
  equals?: Json;
  /** Equal as text: `1` and `"1"` match (a value the client only displays or posts back). */
  like?: string | number;
  /** A regular expression the value (as text) matches. */
  matches?: string;
  minItems?: number;
  /** An array holding this value (deep equality, or equal as text for scalars), or a string including it. */
  contains?: Json;
  /** The path must lead nowhere: no element matches (a row that must have left a list). */
  none?: boolean;
  /** What the client does with it (shown when the read fails). */
  why?: string;
}

export interface Upload {
  field: string;
  filename: string;
  type: string;
  /** `png`: a 1×1 PNG; anything else: the text itself. */
  content: string;
}

export interface Step {
  /** `<page>.<action>`, unique in its file. */
  id: string;
  /** The client's page or module (`system/user`, `login`, `layout`). */
  page: string;
  /** What the user or the client is doing when it sends this. */
  does: string;
  method: 'GET' | 'POST';
  url: string;
  /** Query parameters as the client's HTTP layer sends them (undefined dropped, arrays comma-joined by the caller). */
  query?: Record<string, Json>;
  body?: Json;
  upload?: Upload;
  /**
   * How the access token travels: `token` (default; the client's token header when signed in), `none`, `query`
   * (`blade-auth=bearer <token>` in the query, no header: downloads the browser opens by URL).
   */
  auth?: 'token' | 'none' | 'query';
  /** The variable holding the token this request carries, when not the client's usual one (another tab, another session). */
  tokenVar?: string;
  headers?: Record<string, string>;
  /**
   * The answer's envelope: `r` (default: Blade `R`, the client accepts `code || 200` = 200), `bare` (BladeX token
   * JSON: no `error_description`), `file` (a download: HTTP 200 and the content type given), `any-r` (an R whose
   * code the client does not check).
   */
  answer?: 'r' | 'bare' | 'any-r' | { file: string } | Refused;
  reads?: Read[];
  /** Variables from the answer: name → path. */
  save?: Record<string, string>;
  /** Steps whose side effects this one relies on (placeholders add theirs by themselves). */
  needs?: string[];
  /**
   * A known gap in Helio being fixed: the step is expected to fail until the fix lands (then the marker goes). Steps
   * that need a pending step are pending with it.
   */
  pendingFix?: string;
}

/**
 * A deliberate difference from the stock back end: Helio refuses the request with a 400 whose message the client shows
 * in its error toast (`msg`, in the request's language), because the spec requires what the client leaves out. `why`
 * names the rule.
 */
export interface Refused {
  refused: { msgLike: RegExp; why: string };
}

export type Vars = Record<string, Json | undefined>;

const PLACEHOLDER = /\{\{\s*(?:(sm2|md5|join)\s+)?([\w.-]+)\s*\}\}/g;

/** Variable names a value refers to. */
export function refs(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) out.add(m[2]!);
  else if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      refs(k, out);
      refs(v, out);
    }
  }
  return out;
}

function lookup(vars: Vars, name: string): Json {
  const v = vars[name];
  if (v === undefined) throw new Error(`no value for {{${name}}} (the step that saves it failed or did not run)`);
  return v;
}

/** Placeholders and spreads resolved. */
export function resolve(value: Json, vars: Vars, publicKey = ''): Json {
  if (typeof value === 'string') {
    const whole = /^\{\{\s*(?:(sm2|md5|join)\s+)?([\w.-]+)\s*\}\}$/.exec(value);
    const one = (fn: string | undefined, name: string): Json => {
      const v = lookup(vars, name);
      if (fn === 'md5') return createHash('md5').update(String(v)).digest('hex');
      if (fn === 'sm2') return sm2.doEncrypt(String(v), publicKey, 0);
      if (fn === 'join') return Array.isArray(v) ? v.map(String).join(',') : String(v);
      return v;
    };
    if (whole) return one(whole[1], whole[2]!);
    return value.replace(PLACEHOLDER, (_, fn: string | undefined, name: string) => String(one(fn, name)));
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, vars, publicKey));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '...') {
        const spread = resolve(v, vars, publicKey);
        if (!spread || typeof spread !== 'object' || Array.isArray(spread)) throw new Error(`"..." needs an object, got ${JSON.stringify(spread)}`);
        Object.assign(out, spread);
      } else out[k] = resolve(v, vars, publicKey);
    }
    return out;
  }
  return value;
}

/**
 * A query string as axios 0.21 (Saber's HTTP layer) writes one: undefined and null dropped, arrays as `k[]=…`,
 * encodeURIComponent with `:`, `$`, `,`, `[`, `]` kept and spaces as `+`.
 */
export function axiosQuery(query: Record<string, Json> | undefined): string {
  if (!query) return '';
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    const list = Array.isArray(v) ? v : [v];
    const key = Array.isArray(v) ? `${k}[]` : k;
    for (const item of list) parts.push(`${enc(key)}=${enc(typeof item === 'object' ? JSON.stringify(item) : String(item))}`);
  }
  return parts.join('&');
}

// --- paths ---------------------------------------------------------------------------------------------------------

type Seg = { key: string } | { every: true } | { index: number } | { where: string; value: string };

function parsePath(path: string): Seg[] {
  const segs: Seg[] = [];
  for (const part of path.split(/\.(?![^[]*\])/)) {
    const m = /^([^[]*)((?:\[[^\]]*\])*)$/.exec(part);
    if (!m) throw new Error(`bad path ${path}`);
    if (m[1]) segs.push({ key: m[1] });
    for (const b of m[2]!.match(/\[[^\]]*\]/g) ?? []) {
      const inner = b.slice(1, -1);
      if (inner === '') segs.push({ every: true });
      else if (/^\d+$/.test(inner)) segs.push({ index: Number(inner) });
      else {
        const eq = inner.indexOf('=');
        if (eq < 0) throw new Error(`bad selector ${b} in ${path}`);
        segs.push({ where: inner.slice(0, eq), value: inner.slice(eq + 1) });
      }
    }
  }
  return segs;
}

function findDeep(list: unknown[], key: string, value: string): unknown {
  for (const el of list) {
    if (el && typeof el === 'object') {
      const o = el as Record<string, unknown>;
      if (o[key] !== undefined && o[key] !== null && String(o[key]) === value) return el;
      if (Array.isArray(o.children)) {
        const hit = findDeep(o.children, key, value);
        if (hit !== undefined) return hit;
      }
    }
  }
  return undefined;
}

/** The values at `path` (several when it has `[]`); throws when a step of it is missing. */
export function at(root: unknown, path: string, vars: Vars = {}): { where: string; value: unknown }[] {
  let current: { where: string; value: unknown }[] = [{ where: '', value: root }];
  for (const seg of parsePath(path)) {
    const next: { where: string; value: unknown }[] = [];
    for (const { where, value } of current) {
      if ('key' in seg) {
        const v = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[seg.key] : undefined;
        next.push({ where: `${where}.${seg.key}`, value: v });
        continue;
      }
      if (!Array.isArray(value)) throw new Error(`${where || 'answer'} is not an array (${describe(value)})`);
      if ('every' in seg) {
        if (!value.length) throw new Error(`${where || 'answer'} is an empty array (nothing to check)`);
        value.forEach((v, i) => next.push({ where: `${where}[${i}]`, value: v }));
      } else if ('index' in seg) {
        if (seg.index >= value.length) throw new Error(`${where}[${seg.index}] does not exist (length ${value.length})`);
        next.push({ where: `${where}[${seg.index}]`, value: value[seg.index] });
      } else {
        const wanted = String(resolve(seg.value, vars));
        const hit = findDeep(value, seg.where, wanted);
        if (hit === undefined) throw new Error(`${where || 'answer'} has no element with ${seg.where}=${wanted}`);
        next.push({ where: `${where}[${seg.where}=${wanted}]`, value: hit });
      }
    }
    current = next;
  }
  return current;
}

function describe(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

function shapeOk(shape: Shape, v: unknown): boolean {
  switch (shape) {
    case 'id':
      return typeof v === 'string' && v.length > 0;
    case 'text':
      return typeof v === 'string' && v.trim().length > 0;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return !!v && typeof v === 'object' && !Array.isArray(v);
    case 'null':
      return v === null;
    case 'present':
      return v !== undefined;
    case 'absent':
      return v === undefined;
    default:
      return typeof v === shape;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every read checked; answers the problems found (empty when the client would be served). */
export function check(body: unknown, reads: Read[], vars: Vars): string[] {
  const problems: string[] = [];
  for (const r of reads) {
    const why = r.why ? ` — ${r.why}` : '';
    let found: { where: string; value: unknown }[];
    if (r.none) {
      // Nothing may be found there; a missing variable is still a failure (the row to look for is unknown).
      let hit: unknown;
      try {
        for (const name of refs(r.path)) lookup(vars, name);
        hit = at(body, r.path, vars).find((f) => f.value !== undefined);
      } catch (e) {
        if ((e as Error).message.startsWith('no value for')) problems.push(`${r.path}: ${(e as Error).message}`);
        hit = undefined;
      }
      if (hit) problems.push(`${r.path}: expected nothing there, found ${describe((hit as { value: unknown }).value)}${why}`);
      continue;
    }
    try {
      found = at(body, r.path, vars);
    } catch (e) {
      problems.push(`${r.path}: ${(e as Error).message}${why}`);
      continue;
    }
    for (const { where, value } of found) {
      const shapes = r.is === undefined ? [] : Array.isArray(r.is) ? r.is : [r.is];
      if (shapes.length && !shapes.some((s) => shapeOk(s, value))) problems.push(`${where}: expected ${shapes.join(' | ')}, got ${describe(value)}${why}`);
      if (r.equals !== undefined && !deepEqual(value, resolve(r.equals, vars))) problems.push(`${where}: expected ${describe(resolve(r.equals, vars))}, got ${describe(value)}${why}`);
      if (r.like !== undefined && String(value) !== String(resolve(String(r.like), vars))) problems.push(`${where}: expected "${String(resolve(String(r.like), vars))}", got ${describe(value)}${why}`);
      if (r.matches !== undefined && !new RegExp(r.matches).test(String(value))) problems.push(`${where}: expected to match /${r.matches}/, got ${describe(value)}${why}`);
      if (r.minItems !== undefined && !(Array.isArray(value) && value.length >= r.minItems)) problems.push(`${where}: expected at least ${r.minItems} items, got ${describe(value)}${why}`);
      if (r.contains !== undefined) {
        const want = resolve(r.contains, vars);
        const ok = Array.isArray(value)
          ? value.some((x) => deepEqual(x, want) || (typeof want !== 'object' && String(x) === String(want)))
          : typeof value === 'string' && value.includes(String(want));
        if (!ok) problems.push(`${where}: expected to contain ${describe(want)}, got ${describe(value)}${why}`);
      }
    }
  }
  return problems;
}
