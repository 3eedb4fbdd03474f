/**
 * First sign-in with a generated password (issue 11 item 6): the user signs in normally, but until the password is
 * changed every call of that user is refused — HTTP 403, body `{code: 403, data: {passwordChangeRequired: true}}` —
 * except what it takes to change it and to render the screen that asks for it (user info, the password change,
 * menus and buttons, logout and token refresh, which are public anyway). Stock Blade clients (Saber) sign in, show
 * the message and change the password through `user/update-password` as usual.
 *
 * The flag is `blade_user.must_change_password`; it is read per user and cached for 2 s per process (as sessions
 * are), so a password changed through another process is honoured here within that time.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { msg } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';

/** Routes a user who must change its password may still call (METHOD path). */
export const PASSWORD_CHANGE_ALLOWED = new Set([
  'GET /api/blade-system/user/info',
  'POST /api/blade-system/user/update-password',
  'GET /api/blade-auth/oauth/user-info',
  'GET /api/blade-system/menu/routes',
  'GET /api/blade-system/menu/buttons',
  'GET /api/blade-system/menu/top-menu',
]);

const TTL_MS = 2000;

export class PasswordGate {
  private readonly cache = new Map<string, { must: boolean; until: number }>();

  constructor(private readonly db: Db) {}

  async mustChange(userId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && hit.until > now) return hit.must;
    const [row] = await this.db.select({ must: user.mustChangePassword }).from(user).where(eq(user.id, userId));
    const must = row?.must === 1;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { must, until: now + TTL_MS });
    return must;
  }

  /** After this process changed the flag (password changed or reset). */
  forget(userId: string): void {
    this.cache.delete(userId);
  }
}

const gates = new WeakMap<Db, PasswordGate>();

/** The gate of an app (one per database handle). */
export function passwordGate(s: { database: { db: Db } }): PasswordGate {
  let g = gates.get(s.database.db);
  if (!g) {
    g = new PasswordGate(s.database.db);
    gates.set(s.database.db, g);
  }
  return g;
}

/** Installs the check after authentication and the access check (app.ts). */
export function installPasswordGate(app: FastifyInstance, s: { database: { db: Db } }): void {
  const gate = passwordGate(s);
  app.addHook('preValidation', async (req, reply) => {
    if (req.is404 || !req.user) return;
    const access = req.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    if (PASSWORD_CHANGE_ALLOWED.has(`${req.method} ${req.routeOptions.url ?? ''}`)) return;
    if (!(await gate.mustChange(req.user.userId))) return;
    return reply.status(403).send({ code: 403, success: false, data: { passwordChangeRequired: true }, msg: msg(req.lang, 'passwordChangeRequired') });
  });
}
