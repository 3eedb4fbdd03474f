import type { MessageKey } from './i18n.js';

/**
 * A business error: reaches the client as HTTP 400 with body code 400 and a translated message (Blade
 * `ServiceException`). `status` may be raised for the few errors the contract maps elsewhere.
 */
export class BizError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status = 400,
    readonly code = status,
  ) {
    super(key);
  }
}

/** Missing or invalid credentials: HTTP 401, body code 401; clients log out. */
export class AuthError extends BizError {
  constructor(key: MessageKey = 'unauthorized') {
    super(key, {}, 401, 401);
  }
}

/** Signed in but not allowed: HTTP 403, body code 403 (clients keep the session). */
export class ForbiddenError extends BizError {
  constructor() {
    super('forbidden', {}, 403, 403);
  }
}

/** Field-level validation failure: message already resolved in the caller's language. */
export class ValidationError extends Error {
  readonly status = 400;
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

/**
 * SQLSTATEs that mean "the database is away, not the request wrong": class 08 (connection exception), 57P01
 * admin_shutdown (a terminated backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or shutting down),
 * 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** node-postgres / pg-pool errors without a code: a dropped connection, a connect timeout, a dead or closed client. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;
// Not here: "Cannot use a pool after calling end on the pool" — the process closed its own pool (shutting down or a
// bug), which no retry cures: an unexpected failure, answered 500 (test/http-contract.test.ts).
const CONNECTION_LOST = Symbol.for('helio.databaseConnectionLost');

/**
 * Marks a socket error (ECONNRESET, ECONNREFUSED, EPIPE, ETIMEDOUT, …) as coming from the database connection; the
 * pool's client does it (db/client.ts), so the same code from another service (object storage, SMS gateway) is not
 * mistaken for a database outage.
 */
export function markDatabaseConnectionError<T>(err: T): T {
  if (err && typeof err === 'object' && !(CONNECTION_LOST in err)) {
    Object.defineProperty(err, CONNECTION_LOST, { value: true, enumerable: false });
  }
  return err;
}

/**
 * True when `e` (or an error it wraps: Drizzle's `DrizzleQueryError` keeps the driver's error as `cause`) says the
 * database cannot be reached right now. Such a failure is transient: HTTP answers 503, the ingest retries, background
 * jobs try again on their next run.
 */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  if (CONNECTION_LOST in e) return true;
  const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The driver's own words for a database failure (e.g. "connect ECONNREFUSED 127.0.0.1:5432", "Connection terminated
 * unexpectedly"), for the log: the innermost `cause`, never Drizzle's wrapper, whose message carries the SQL and its
 * parameters.
 */
export function databaseErrorReason(e: unknown): string {
  let cur = e as { message?: unknown; code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; i < 5 && cur?.cause && typeof cur.cause === 'object'; i++) cur = cur.cause as typeof cur;
  const message = typeof cur?.message === 'string' ? cur.message.split('\n')[0]!.slice(0, 200) : String(cur);
  return typeof cur?.code === 'string' && !message.includes(cur.code) ? `${message} (${cur.code})` : message;
}

/** The SQLSTATE of a database error: its own `code` or that of an error it wraps (Drizzle keeps the driver's as `cause`). */
export function sqlState(e: unknown): string | undefined {
  for (let x: unknown = e, i = 0; x && typeof x === 'object' && i < 5; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * SQLSTATEs that mean "the request carried a value the database cannot take": class 22 (data exception — 22P02
 * invalid text representation, 22003 out of range, 22007/22008 bad or overflowing date/time, 22021/22P05 NUL and
 * untranslatable characters, 22001 too long, 22023, 2201B …), 23502 (a required column left empty) and 54000/54001 (program limits: an index row or a
 * statement too large). Inputs are validated before SQL (shared rules, list filters by column type, ids, paging,
 * dates, NUL); this is the last line of defence, so a value that slips through is still a 400, never a 500.
 */
const BAD_INPUT_SQLSTATE = /^(22[0-9A-Z]{3}|23502|5400[01])$/;

/** The SQLSTATE when `e` is a database error caused by a bad input value (see BAD_INPUT_SQLSTATE), else undefined. */
export function badInputState(e: unknown): string | undefined {
  const code = sqlState(e);
  return code && BAD_INPUT_SQLSTATE.test(code) ? code : undefined;
}
