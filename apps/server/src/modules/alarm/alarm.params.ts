/**
 * Query parameters of the alarm module's lists, read one way: the first value, trimmed (empty = absent), at most 100
 * characters; ids, integers in a range and `yyyy-MM-dd HH:mm:ss` times checked, anything else a 400 naming it.
 */
import { parseDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';

export type Q = Record<string, unknown>;

/** What every list accepts besides its own filters. */
export const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'lang', '_t', 'tenantId', 'blade-auth']);

export const one = (q: Q, k: string): string | undefined => {
  const v = Array.isArray(q[k]) ? (q[k] as unknown[])[0] : q[k];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  if (s.length > 100) throw new BizError('invalidParam', { param: k });
  return s === '' ? undefined : s;
};
export const idParam = (q: Q, k: string) => {
  const v = one(q, k);
  if (v !== undefined && !isId(v)) throw new BizError('invalidParam', { param: k });
  return v;
};
export const intParam = (q: Q, k: string, min: number, max: number) => {
  const v = one(q, k);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new BizError('invalidParam', { param: k });
  return n;
};
export const timeParam = (q: Q, k: string) => {
  const v = one(q, k);
  if (v === undefined) return undefined;
  const d = parseDateTime(v);
  if (!d) throw new BizError('invalidParam', { param: k });
  return d.toISOString();
};
