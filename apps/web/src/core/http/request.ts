import { HttpError } from './types';
import type { QueryParams, R, RequestOptions } from './types';

/** What the client needs from the app; injected so it is testable with a mocked `fetch`. */
export interface HttpClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  clientId: string;
  clientSecret: string;
  tokenHeader: string;
  timeout: number;
  /** Codes that reject silently (spec §8 configurable whitelist). */
  statusWhiteList: readonly number[];
  getToken(): string | undefined;
  getLanguage(): string;
  /** 401: log out and go to the login page. */
  onUnauthorized(): void;
  /** Show an error toast. */
  notify(message: string): void;
  /** Translate a fixed message key (unknown error, network error, time-out). */
  translate(key: 'unknownError' | 'networkError' | 'timeout'): string;
}

export interface HttpClient {
  /** The parsed body of a successful call (bare JSON or the whole `R`). */
  request<B>(url: string, options?: RequestOptions): Promise<B>;
  /** GET an `R<T>` and return its `data`. */
  get<T>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /** POST and return `R<T>.data`. */
  post<T>(url: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
}

export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function basic(id: string, secret: string): string {
  return `Basic ${btoa(`${id}:${secret}`)}`;
}

/** Effective code = body code, else HTTP status (spec §8). */
export function effectiveCode(body: unknown, status: number): number {
  if (body && typeof body === 'object' && 'code' in body) {
    const raw = (body as { code: unknown }).code;
    const code = typeof raw === 'number' ? raw : Number(raw);
    if (Number.isFinite(code) && code !== 0) return code;
  }
  return status;
}

/** The message a failed answer carries: `msg`, else `error_description`. */
export function bodyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { msg?: unknown; error_description?: unknown };
  if (typeof b.msg === 'string' && b.msg.trim()) return b.msg;
  if (typeof b.error_description === 'string' && b.error_description.trim()) return b.error_description;
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  async function request<B>(url: string, options: RequestOptions = {}): Promise<B> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = {
      Authorization: basic(deps.clientId, deps.clientSecret),
      'Accept-Language': deps.getLanguage(),
      ...options.headers,
    };
    const token = options.withoutToken ? undefined : deps.getToken();
    if (token) headers[deps.tokenHeader] = `bearer ${token}`;

    let body: BodyInit | undefined;
    if (options.body) {
      body = options.body;
    } else if (options.form) {
      body = buildQuery(options.form).slice(1);
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (options.data !== undefined) {
      body = JSON.stringify(options.data);
      headers['Content-Type'] = 'application/json;charset=UTF-8';
    }

    const silent = options.silent === true;
    const fail = (error: HttpError, toast: boolean): never => {
      if (toast && !silent) deps.notify(error.message);
      throw error;
    };

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeout ?? deps.timeout);

    let response: Response;
    try {
      response = await deps.fetch(`${deps.baseUrl}${url}${buildQuery(options.params)}`, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch {
      clearTimeout(timer);
      if (timedOut) return fail(new HttpError('timeout', deps.translate('timeout')), true);
      return fail(new HttpError('network', deps.translate('networkError')), true);
    }

    let parsed: unknown;
    try {
      parsed = await readBody(response);
    } catch {
      clearTimeout(timer);
      return fail(new HttpError('network', deps.translate('networkError'), 0, response.status), true);
    } finally {
      clearTimeout(timer);
    }

    const status = response.status;
    // Statuses outside 200–500 are not passed through (gateway down, proxy errors): treat them as network errors.
    if (status < 200 || status > 500) {
      return fail(new HttpError('network', deps.translate('networkError'), status, status, parsed), true);
    }

    const code = effectiveCode(parsed, status);
    const message = bodyMessage(parsed) ?? deps.translate('unknownError');
    const whitelisted = deps.statusWhiteList.includes(code) || (options.silentCodes?.includes(code) ?? false);
    if (whitelisted) throw new HttpError('http', message, code, status, parsed);
    if (code === 401) {
      deps.onUnauthorized();
      throw new HttpError('http', message, code, status, parsed);
    }
    if (code !== 200) return fail(new HttpError('http', message, code, status, parsed), true);
    return parsed as B;
  }

  return {
    request,
    async get<T>(url: string, options: Omit<RequestOptions, 'method'> = {}) {
      const body = await request<R<T>>(url, { ...options, method: 'GET' });
      return body?.data;
    },
    async post<T>(url: string, options: Omit<RequestOptions, 'method'> = {}) {
      const body = await request<R<T>>(url, { ...options, method: 'POST' });
      return body?.data;
    },
  };
}
