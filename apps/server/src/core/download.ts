/**
 * Sending files: the headers of every download (a name no file name can break, never rendered as a page, never
 * sniffed into something else).
 */
import type { FastifyReply } from 'fastify';
import { cleanOriginalName } from './upload.js';

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
