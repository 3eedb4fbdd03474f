/**
 * The stock avatar, answered when a user has none (sign-in results, user-info). Its URL is an absolute path under
 * `/api/` so a Blade client served from another origin behind the same API prefix (Saber puts it in `<img src>`)
 * reaches it through its `/api` proxy like every other call. The old root path stays for links already handed out.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_AVATAR = '/api/blade-resource/avatar/default.svg';
/** Where sign-in pointed before; still served. */
export const LEGACY_DEFAULT_AVATAR = '/avatar-default.svg';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#409EFF"/>' +
  '<circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#fff"/></svg>';
const ETAG = `"${createHash('sha256').update(SVG).digest('base64url').slice(0, 16)}"`;

/** A user's avatar, or the stock one. */
export const avatarOrDefault = (stored: string | null | undefined): string => stored || DEFAULT_AVATAR;

export function avatarRoutes(app: FastifyInstance): void {
  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    // Public and the same for everyone: shared caches may keep it a day; a revalidation costs a 304.
    reply.header('cache-control', 'public, max-age=86400').header('etag', ETAG);
    const seen = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (seen.includes(ETAG)) return reply.status(304).send();
    return reply.type('image/svg+xml').send(SVG);
  };
  const svg = { 200: { description: 'The image', content: { 'image/svg+xml': { schema: { type: 'string' } } } }, 304: { description: 'Unchanged (If-None-Match)', type: 'null' } };
  app.get(DEFAULT_AVATAR, { config: { access: { public: true } }, schema: { tags: ['auth'], summary: 'The default avatar (public; sign-in and user-info name it for users without one)', response: svg } }, send);
  app.get(LEGACY_DEFAULT_AVATAR, { config: { access: { public: true } }, schema: { hide: true } }, send);
}
