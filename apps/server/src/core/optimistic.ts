/**
 * Optimistic locking (docs/security.md). Every editable row has a `version` (db/columns.ts: 1 on insert, raised by
 * one in every ORM UPDATE). An edit that carries the version it read puts it in the UPDATE's WHERE clause, so of two
 * edits made from the same version exactly one changes the row; the other touches nothing and answers 409 with a
 * translated message. An edit without a version (stock Blade clients) is accepted: last writer wins.
 */
import { VERSION_KEY, VERSION_LABEL, CONFLICT_CODE } from '@helio/contracts/crud/resource';
import { BizError, ValidationError } from './errors.js';
import { label, msg, type Lang } from './i18n.js';

/** A stale edit: the row changed since the client read it. HTTP 409, `R.code` 409. */
export class ConflictError extends BizError {
  constructor() {
    super('conflict', {}, CONFLICT_CODE, CONFLICT_CODE);
  }
}

const MAX_VERSION = 2_147_483_647;

/**
 * The version an edit body carries: `undefined` when absent (null or empty counts as absent), else a whole number
 * 0 … 2^31-1 (a number or its decimal text). Anything else is a translated 400, never a database error.
 */
export function versionOf(body: unknown, lang: Lang): number | undefined {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[VERSION_KEY] : undefined;
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_VERSION) {
    throw new ValidationError([msg(lang, 'invalidFormat', { field: label(lang, VERSION_LABEL) })]);
  }
  return n;
}
