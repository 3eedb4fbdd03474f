/** Blade response envelope `R<T>` and the page object carried in `R.data` by list calls. */
export type { Page, R } from '@helio/contracts/envelope';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query string; `undefined` and `null` values are left out. */
  params?: QueryParams;
  /** JSON body. */
  data?: unknown;
  /** `application/x-www-form-urlencoded` body. */
  form?: QueryParams;
  /** Multipart body. */
  body?: FormData;
  headers?: Record<string, string>;
  /** Codes that reject without a toast for this call only (added to the configured whitelist). */
  silentCodes?: readonly number[];
  /** Reject every failure of this call without a toast; the caller shows its own message. */
  silent?: boolean;
  /** Do not send the `Blade-Auth` token. */
  withoutToken?: boolean;
  /** Override the 60 s time-out (ms). */
  timeout?: number;
}

export type HttpErrorKind = 'http' | 'network' | 'timeout';

/** A rejected call: `code` is the effective code (body code or HTTP status); `body` is the parsed answer. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly code: number;
  readonly status: number;
  readonly body: unknown;

  constructor(kind: HttpErrorKind, message: string, code = 0, status = 0, body: unknown = undefined) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.body = body;
  }
}
