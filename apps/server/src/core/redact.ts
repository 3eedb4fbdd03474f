/**
 * Secrets never reach the process log. Three layers, all installed by `logRedaction()`:
 *
 * 1. The request serializer logs the URL with the value of every secret-named query parameter replaced
 *    (`/api/blade-auth/oauth/token?username=admin&password=[REDACTED]`), and signed file links without their signature.
 * 2. The error serializer drops the bound SQL parameters of a failed query (`params`, and the `params:` line of
 *    the driver's message) and any property named like a secret.
 * 3. A last pass over every finished log line (pino's `streamWrite` hook) replaces what may still carry a secret
 *    wherever it appears: `name=value` pairs with a secret-looking name (in URLs, messages, stacks; a `bearer …`
 *    value whole, as in a download URL's `blade-auth=bearer%20…`), JSON properties
 *    named like a secret, `Authorization`/`Blade-Auth`/`Cookie` header values and anything shaped like a JWT.
 *
 * Header paths (`req.headers.authorization`, `blade-auth`, `cookie`) are also censored by pino's `redact`, for code
 * that logs headers.
 */
import { stdSerializers, type LoggerOptions } from 'pino';

export const REDACTED = '[REDACTED]';

/** Whole (normalised) names that are secrets on their own. */
const SECRET_EXACT = new Set(['code', 'key', 'sign', 'sig', 'auth', 'ticket', 'otp', 'pin']);
/** Name parts that make a parameter secret (`password`, `oldPassword`, `refresh_token`, `X-Amz-Signature`, …). */
const SECRET_PART =
  /pass|pwd|secret|token|credential|authori[sz]ation|bladeauth|captcha|signature|cookie|privatekey|apikey|appkey|accesskey|secretkey|encrypted|verificationcode|session/;

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Whether a parameter, header or property of this name holds a secret. `strict` (the default) also counts the bare
 * short names (`code`, `key`, `sign`, …) that are secrets as query parameters but ordinary fields of a log object
 * (an error's `code`).
 */
export function isSecretName(name: string, strict = true): boolean {
  const n = normalise(decodeName(name));
  if (!n) return false;
  return (strict && SECRET_EXACT.has(n)) || SECRET_PART.test(n);
}

/** Signed file links carry their signature in the path. */
const FILE_LINK = /(\/oss\/endpoint\/file\/[^/?#]+\/)[^/?#]+/;

/** A URL (or path with a query string) with the values of secret-named query parameters replaced. */
export function redactUrl(url: string): string {
  const linkSafe = url.replace(FILE_LINK, `$1${REDACTED}`);
  const q = linkSafe.indexOf('?');
  if (q < 0) return linkSafe;
  const hash = linkSafe.indexOf('#', q);
  const query = linkSafe.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    return eq >= 0 && eq < part.length - 1 && isSecretName(name) ? `${name}=${REDACTED}` : part;
  });
  return `${linkSafe.slice(0, q + 1)}${parts.join('&')}${hash < 0 ? '' : linkSafe.slice(hash)}`;
}

/** `name=value` anywhere in a text (query strings, form bodies, messages). Values stop at separators and quotes. */
const PAIR = /(^|[?&;\s,"'(/{[])([\w.\-[\]%]{1,64})=([^&\s"'\\#;,)<>{}]+)/g;
/** `name=bearer <credential>` (`blade-auth=bearer%20…` in a URL, decoded with a space): the scheme and the credential. */
const SCHEME_PAIR = /(^|[?&;\s,"'(/{[])([\w.\-[\]%]{1,64})=(?:bearer|basic)(?:\s|%20|\+)+[^&\s"'\\#;,)<>{}]+/gi;
/** `"name":"value"` (a JSON property, also inside an escaped JSON string). */
const JSON_PAIR = /(\\?")([\w.-]{1,64})(\\?"\s*:\s*\\?")((?:[^"\\]|\\(?!")[^"])*)(\\?")/g;
/** Header lines in free text: `Authorization: Basic …`, `blade-auth: bearer …`, `Cookie: …`. */
const HEADER = /\b(authorization|blade-auth|cookie|set-cookie)(\s*[:=]\s*)(?![\\"]|\[REDACTED)([^\r\n"\\,}]+)/gi;
/** Three base64url parts starting with a JSON header: a JWT. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{8,}/g;

/** Replaces whatever in a text may carry a secret (see the module comment). */
export function redactText(text: string): string {
  let out = text;
  if (out.includes('=')) {
    // Each pass scans the whole text: a pair the first one skips as not secret is still seen by the second.
    out = out.replace(SCHEME_PAIR, (all, pre: string, name: string) => (isSecretName(name) ? `${pre}${name}=${REDACTED}` : all));
    out = out.replace(PAIR, (all, pre: string, name: string) => (isSecretName(name) ? `${pre}${name}=${REDACTED}` : all));
  }
  if (out.includes(':')) {
    out = out.replace(JSON_PAIR, (all, q1: string, name: string, mid: string, value: string, q2: string) =>
      value !== '' && value !== REDACTED && isSecretName(name, false) ? `${q1}${name}${mid}${REDACTED}${q2}` : all,
    );
    out = out.replace(HEADER, (_all, name: string, sep: string) => `${name}${sep}${REDACTED}`);
  }
  if (out.includes('eyJ')) out = out.replace(JWT, REDACTED);
  return out;
}

/** Drizzle's failed-query message ends with the bound parameters: `Failed query: …\nparams: a,b,c`. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/** An error's message or stack without the failed query's parameters and without secrets. */
export function redactErrorText(text: string): string {
  return redactText(text.replace(PARAMS_LINE, '\nparams: [REDACTED]'));
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

function scrubError(e: SerializedError, depth = 0): SerializedError {
  for (const [k, v] of Object.entries(e)) {
    // `params`: the failed query's bound values; `detail`: PostgreSQL's (`Key (email)=(…)`, `Failing row contains (…)`).
    if (k === 'params' || k === 'detail' || isSecretName(k, false)) e[k] = REDACTED;
    else if (typeof v === 'string' && (k === 'message' || k === 'stack')) e[k] = redactErrorText(v);
    else if (k === 'cause' && v && typeof v === 'object' && depth < 5) e[k] = scrubError(v as SerializedError, depth + 1);
  }
  return e;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** The pino options that keep secrets out of the process log (merged into Fastify's logger options). */
export function logRedaction(): Pick<LoggerOptions, 'serializers' | 'redact' | 'hooks'> {
  return {
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => scrubError(stdSerializers.err(err) as unknown as SerializedError),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["blade-auth"]',
        'req.headers.cookie',
        'headers.authorization',
        'headers["blade-auth"]',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
    hooks: { streamWrite: redactText },
  };
}
