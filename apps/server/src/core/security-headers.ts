/**
 * Security headers on every response: the console, the API (envelopes, errors, 404s, files) and the API docs.
 *
 * The console's policy fits what Vite emits for apps/web (module scripts and styles from the same origin, no inline
 * script, no eval) and what antd needs (CSS-in-JS injects `<style>` elements, hence `style-src 'unsafe-inline'`).
 * Images may come from object storage or notices (http/https, data:, blob: previews); iframe menus embed http(s)
 * addresses (`frame-src`). Nothing may frame Helio (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), except that
 * the Swagger UI under /api/docs may be framed by the console itself (same origin) for a "API docs" iframe menu.
 */
import type { FastifyInstance } from 'fastify';

const COMMON = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

export const CONSOLE_CSP = [...COMMON, "frame-src 'self' https: http:", "frame-ancestors 'none'"].join('; ');
export const DOCS_CSP = [...COMMON, "frame-src 'none'", "frame-ancestors 'self'"].join('; ');

const DOCS_PREFIX = '/api/docs';

/**
 * The console's built scripts, styles, fonts and raster images: never a document (no worker is built from them
 * either), so the document-only headers — CSP, framing, referrer and opener policies, about 450 bytes — would be sent
 * for nothing on each of the hundred-odd files of a first load. They keep `nosniff`. SVG, HTML and everything
 * outside /assets keep the whole set (an SVG opened on its own is a document that can hold script).
 */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?|png|jpe?g|webp|gif)(?:[?#]|$)/;

export function installSecurityHeaders(app: FastifyInstance): void {
  // onSend runs for every reply (handlers, errors, not-found, static files), so nothing goes out without them.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (SUBRESOURCE.test(req.url)) {
      reply.header('x-content-type-options', 'nosniff');
      return done(null, payload);
    }
    const docs = req.url === DOCS_PREFIX || req.url.startsWith(`${DOCS_PREFIX}/`) || req.url.startsWith(`${DOCS_PREFIX}?`);
    // A route that set a stricter policy of its own (file downloads: `default-src 'none'; sandbox`) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', docs ? DOCS_CSP : CONSOLE_CSP);
    reply.header('x-frame-options', docs ? 'SAMEORIGIN' : 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    done(null, payload);
  });
}
