/** Query parameters of the station routes: an allow-list of keys, strings and whole numbers (bad values are a 400). */
import { BizError } from '../../core/errors.js';

export type Row = Record<string, unknown>;

export const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'lang', '_t', 'tenantId', 'blade-auth']);

/** Throws on a query key outside the allow-list (as core/list-query does). */
export function checkKeys(q: Row, allowed: readonly string[]): void {
  for (const k of Object.keys(q)) {
    if (!RESERVED.has(k) && !allowed.includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
  }
}
export const str = (q: Row, k: string): string | undefined => {
  const v = q[k];
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(Array.isArray(v) ? v[0] : v).trim();
  if (s.length > 100) throw new BizError('unknownParam', { param: k });
  return s === '' ? undefined : s;
};
export const int = (q: Row, k: string, min: number, max: number): number | undefined => {
  const s = str(q, k);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!Number.isInteger(n) || n < min || n > max) throw new BizError('unknownParam', { param: k });
  return n;
};

/** A `yyyy-MM-dd` parameter (a longer value is cut to its first ten characters); `fallback` when absent. */
export function parseDayParam(v: unknown, fallback: string): string {
  if (v === undefined || v === '') return fallback;
  const s = String(v).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`))) throw new BizError('dateInvalid', { value: String(v).slice(0, 20) });
  return s;
}
