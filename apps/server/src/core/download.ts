/**
 * Sending files: the headers of every download (a name no file name can break, never rendered as a page, never
 * sniffed into something else), and which routes are downloads.
 *
 * A route that answers a file declares `config: { download: true }`. Blade clients download by opening a URL
 * (`window.open(…/export-user?blade-auth=bearer <token>)`), which cannot carry a header, so on a download route —
 * and only there, and only for GET — the token may come as the `blade-auth` query parameter (`queryToken`). On every
 * other route a query token is ignored (the request is as unauthenticated as without it). The parameter is taken
 * out of the parsed query on every route, so no handler, list filter or log row sees it; the raw URL in the
 * process log is redacted by core/redact.ts (`blade-auth` is a secret name, and a JWT anywhere in a line is removed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cleanOriginalName } from './upload.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a file: a Blade client may send its token as `?blade-auth=bearer …` (GET only). */
    download?: boolean;
  }
}

/** The query parameter Blade clients put the token in when they open a download URL. */
export const QUERY_TOKEN_PARAM = 'blade-auth';

/**
 * The token of `?blade-auth=bearer <token>` on a GET download route (undefined elsewhere), removing the parameter
 * from the parsed query on every route. As with the header, the value must start with `bearer` (any case).
 */
export function takeQueryToken(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q || typeof q !== 'object' || !(QUERY_TOKEN_PARAM in q)) return undefined;
  const raw = q[QUERY_TOKEN_PARAM];
  delete q[QUERY_TOKEN_PARAM];
  if (!req.routeOptions.config?.download || req.method !== 'GET') return undefined;
  const value = (Array.isArray(raw) ? raw[0] : raw) as unknown;
  if (typeof value !== 'string' || value.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  return value.slice(6).replace(/^[\s+]+/, '').trim() || undefined;
}

/** `Content-Disposition` that no file name can break: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const clean = cleanOriginalName(name);
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const utf8 = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Headers of every file download: never rendered as a page, never sniffed into something else. */
export function sendFile(reply: FastifyReply, body: NodeJS.ReadableStream | Buffer, o: { name: string; mime: string; size?: number | undefined }) {
  reply
    .header('content-type', o.mime || 'application/octet-stream')
    .header('content-disposition', contentDisposition(o.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=300');
  if (o.size !== undefined) reply.header('content-length', String(o.size));
  return reply.send(body);
}
