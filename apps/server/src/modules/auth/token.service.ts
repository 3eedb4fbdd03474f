/**
 * Access and refresh tokens.
 *
 * - Access token: an HS256 JWT with the Blade claims (blade-api.md §2.4) plus `sid` (the session) and `jti`,
 *   verified with a fixed algorithm, issuer, audience and `token_type`; `exp` and `iat` are required. It is bound to
 *   its session: `tenant_id`, `user_id`, `account`, `client_id`, `role_id` and `dept_id` must equal what the session
 *   (and its user) holds now, on every request — also for a token remembered as verified — and the role aliases
 *   (who is an administrator) come from the session's roles, not from the token. It dies with its session: logout,
 *   a password change or disabling the user revokes the session and every access token of it stops working.
 * - Refresh token: opaque (256 random bits), only its sha256 stored, rotated on every use (a new one is issued). What
 *   a rotated one is worth when presented again is the session's client's policy (`blade_client.refresh_token_reuse`):
 *   `strict` (default) revokes the whole session (reuse detection, RFC 9700); `lenient` (stock Blade clients, which
 *   keep one refresh token per browser tab) honours it like SpringBlade does while it is unexpired and its session
 *   live. Either way a session has an absolute lifetime (the client's refresh validity) that no token outlives, and
 *   logout, a password change, disabling or removing the user and session revocation refuse all its tokens at once.
 */
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { AuthUser } from '../../core/access.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import { client, refreshToken, role, session, user } from '../../db/schema.js';

export const ISSUER = 'issuser';
export const AUDIENCE = 'audience';

export interface TokenSubject {
  userId: string;
  tenantId: string;
  account: string;
  nickName: string;
  realName: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  oauthId?: string;
  userType?: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
}

export interface ClientValidity {
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** At most this many verified access tokens are remembered per process (the map is emptied when it is full). */
const VERIFIED_MAX = 20_000;
/** Clock skew tolerated for a token's `iat`. */
const IAT_SKEW_SEC = 60;

/** What a live session says about its tokens; each claim of an access token must match. */
interface SessionBinding {
  tenant_id: string;
  user_id: string;
  account: string;
  client_id: string;
  role_id: string;
  dept_id: string;
  /** Aliases of the session's roles (in role_id order), from the role table. */
  roleAliases: string[];
}

const BOUND_CLAIMS = ['tenant_id', 'user_id', 'account', 'client_id', 'role_id', 'dept_id'] as const;

function matches(payload: JWTPayload, b: SessionBinding): boolean {
  return BOUND_CLAIMS.every((c) => typeof payload[c] === 'string' && payload[c] === b[c]);
}

export class TokenService {
  private readonly sessionCache = new Map<string, { binding: SessionBinding | null; until: number }>();
  /**
   * Access tokens whose signature and claims were verified, until they expire: a hit skips the JWT work (a WebCrypto
   * HMAC, about a tenth of a simple list request's CPU). A token's bytes cannot change, so its signature stays valid;
   * what can change — its session — is still checked on every request.
   */
  private readonly verified = new Map<string, { payload: JWTPayload; expMs: number }>();
  /** The signing key, imported for WebCrypto once instead of on every sign and verify. */
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;

  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
    private readonly overrides: { accessTtl?: number | undefined; refreshTtl?: number | undefined } = {},
    private readonly now: () => number = Date.now,
  ) {}

  private signingKey(): Promise<webcrypto.CryptoKey> {
    this.cryptoKey ??= webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.cryptoKey;
  }

  private ttl(client: ClientValidity) {
    return {
      access: this.overrides.accessTtl ?? client.accessTokenValidity,
      refresh: this.overrides.refreshTtl ?? client.refreshTokenValidity,
    };
  }

  private async signAccess(subject: TokenSubject, sid: string, ttl: number): Promise<string> {
    const nowSec = Math.floor(this.now() / 1000);
    return new SignJWT({
      token_type: 'access_token',
      tenant_id: subject.tenantId,
      oauth_id: subject.oauthId ?? '',
      user_id: subject.userId,
      role_id: subject.roleIds.join(','),
      dept_id: subject.deptIds.join(','),
      post_id: subject.postIds.join(','),
      account: subject.account,
      user_name: subject.account,
      nick_name: subject.nickName,
      real_name: subject.realName,
      role_name: subject.roleAliases.join(','),
      client_id: subject.clientId,
      detail: { type: subject.userType ?? 'web' },
      sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setNotBefore(nowSec)
      .setIssuedAt(nowSec)
      .setExpirationTime(nowSec + ttl)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(await this.signingKey());
  }

  private async newRefresh(sessionId: string, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(refreshToken).values({ tokenHash: sha256(token), sessionId, expiresAt });
    return token;
  }

  /** A new session (sign-in). */
  async issue(subject: TokenSubject, client: ClientValidity): Promise<IssuedTokens> {
    const ttl = this.ttl(client);
    const sid = nextId();
    const expiresAt = new Date(this.now() + ttl.refresh * 1000);
    await this.db.insert(session).values({
      id: sid,
      userId: subject.userId,
      tenantId: subject.tenantId,
      clientId: subject.clientId,
      deptId: subject.deptIds.join(','),
      roleId: subject.roleIds.join(','),
      expiresAt,
    });
    const [accessToken, refresh] = await Promise.all([
      this.signAccess(subject, sid, ttl.access),
      this.newRefresh(sid, expiresAt),
    ]);
    return { accessToken, refreshToken: refresh, expiresIn: ttl.access, sessionId: sid };
  }

  /**
   * Consume a refresh token: returns its session when the token may be used. Under the session's client's `strict`
   * policy only a token not yet rotated may, and presenting a rotated one revokes the session; under `lenient` any
   * unexpired token of the session may (it is marked rotated on its first use). Null for anything unknown, expired
   * or revoked — in both modes.
   */
  async consumeRefresh(token: string): Promise<typeof session.$inferSelect | null> {
    if (!token || token.length > 200) return null;
    const hash = sha256(token);
    const now = new Date(this.now());
    const [found] = await this.db
      .select({
        sessionId: refreshToken.sessionId,
        rotatedAt: refreshToken.rotatedAt,
        expiresAt: refreshToken.expiresAt,
        reuse: client.refreshTokenReuse,
      })
      .from(refreshToken)
      .innerJoin(session, eq(session.id, refreshToken.sessionId))
      .leftJoin(client, and(eq(client.clientId, session.clientId), eq(client.isDeleted, 0)))
      .where(eq(refreshToken.tokenHash, hash));
    if (!found) return null;
    const claim = () =>
      this.db
        .update(refreshToken)
        .set({ rotatedAt: now })
        .where(and(eq(refreshToken.tokenHash, hash), isNull(refreshToken.rotatedAt)))
        .returning({ sessionId: refreshToken.sessionId });
    if (found.reuse === 'lenient') {
      if (!found.rotatedAt) await claim();
    } else if ((await claim()).length === 0) {
      // Strict: one use. The claim is atomic, so of two racing uses of the same token exactly one wins.
      await this.revokeSession(found.sessionId, 'reuse');
      return null;
    }
    const [s] = await this.db.select().from(session).where(eq(session.id, found.sessionId));
    if (!s || s.revokedAt || s.expiresAt.getTime() <= now.getTime() || found.expiresAt.getTime() <= now.getTime()) return null;
    return s;
  }

  /** New token pair inside an existing session (after `consumeRefresh`). */
  async rotate(
    s: typeof session.$inferSelect,
    subject: TokenSubject,
    client: ClientValidity,
  ): Promise<IssuedTokens> {
    const ttl = this.ttl(client);
    await this.db
      .update(session)
      .set({
        lastUsedAt: new Date(this.now()),
        deptId: subject.deptIds.join(','),
        roleId: subject.roleIds.join(','),
      })
      .where(eq(session.id, s.id));
    // The session's roles/depts may have changed: this process must not judge the new token by the old ones.
    this.sessionCache.delete(s.id);
    const [accessToken, refresh] = await Promise.all([
      this.signAccess(subject, s.id, ttl.access),
      this.newRefresh(s.id, s.expiresAt),
    ]);
    return { accessToken, refreshToken: refresh, expiresIn: ttl.access, sessionId: s.id };
  }

  async revokeSession(sid: string, reason: string): Promise<void> {
    await this.db
      .update(session)
      .set({ revokedAt: new Date(this.now()), revokeReason: reason })
      .where(and(eq(session.id, sid), isNull(session.revokedAt)));
    this.sessionCache.delete(sid);
  }

  /** Revoke every session of a user (password change, disable, removal). */
  async revokeUser(userId: string, reason: string, exceptSid?: string): Promise<void> {
    const rows = await this.db
      .update(session)
      .set({ revokedAt: new Date(this.now()), revokeReason: reason })
      .where(
        and(
          eq(session.userId, userId),
          isNull(session.revokedAt),
          // The caller's own session may stay alive (password change from the console itself).
          exceptSid ? ne(session.id, exceptSid) : undefined,
        ),
      )
      .returning({ id: session.id });
    for (const r of rows) this.sessionCache.delete(r.id);
    if (exceptSid) await this.retireLenientRefresh(exceptSid);
  }

  /**
   * The session a password change is made from stays signed in, but under a `lenient` client its older refresh tokens
   * would stay usable too — a stolen one included. So every refresh token of it is refused from now on: the caller
   * goes on with the access token it holds and signs in again (with the new password) when that one expires. Under
   * `strict` only the newest token is usable anyway, and a replayed older one still revokes the session.
   */
  private async retireLenientRefresh(sid: string): Promise<void> {
    const now = new Date(this.now());
    await this.db
      .update(refreshToken)
      .set({ expiresAt: now, rotatedAt: sql`coalesce(${refreshToken.rotatedAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(refreshToken.sessionId, sid),
          gt(refreshToken.expiresAt, now),
          sql`EXISTS (SELECT 1 FROM ${session} JOIN ${client} ON ${client.clientId} = ${session.clientId} AND ${client.isDeleted} = 0
            WHERE ${session.id} = ${sid} AND ${client.refreshTokenReuse} = 'lenient')`,
        ),
      );
  }

  /**
   * A live session's binding (null when it is unknown, revoked or expired), cached for 2 s per process so a
   * revocation reaches every process within that. `fresh` skips the cache.
   */
  async sessionBinding(sid: string, fresh = false): Promise<SessionBinding | null> {
    const t = this.now();
    const hit = this.sessionCache.get(sid);
    if (!fresh && hit && hit.until > t) return hit.binding;
    if (!/^\d{1,19}$/.test(sid) || BigInt(sid) > 9_223_372_036_854_775_807n) return null;
    const [s] = await this.db
      .select({
        revokedAt: session.revokedAt,
        expiresAt: session.expiresAt,
        userId: session.userId,
        tenantId: session.tenantId,
        clientId: session.clientId,
        roleId: session.roleId,
        deptId: session.deptId,
        account: sql<string | null>`(SELECT ${user.account} FROM ${user} WHERE ${user.id} = ${session.userId})`,
        aliases: sql<string | null>`(SELECT string_agg(${role.roleAlias}, ',' ORDER BY array_position(string_to_array(${session.roleId}, ','), ${role.id}::text))
          FROM ${role} WHERE ${role.id}::text = ANY(string_to_array(${session.roleId}, ',')) AND ${role.tenantId} = ${session.tenantId} AND ${role.isDeleted} = 0)`,
      })
      .from(session)
      .where(eq(session.id, sid));
    const binding: SessionBinding | null =
      s && !s.revokedAt && s.expiresAt.getTime() > t
        ? {
            tenant_id: s.tenantId,
            user_id: s.userId,
            account: s.account ?? '',
            client_id: s.clientId,
            role_id: s.roleId ?? '',
            dept_id: s.deptId ?? '',
            roleAliases: s.aliases ? s.aliases.split(',') : [],
          }
        : null;
    if (this.sessionCache.size > 50_000) this.sessionCache.clear();
    this.sessionCache.set(sid, { binding, until: t + 2000 });
    return binding;
  }

  /** Session liveness (see `sessionBinding`). */
  async isSessionActive(sid: string): Promise<boolean> {
    return (await this.sessionBinding(sid)) !== null;
  }

  /** Verify an access token; null when it is not a valid, live Helio access token. */
  async verifyAccess(token: string): Promise<AuthUser | null> {
    try {
      const t = this.now();
      const hit = this.verified.get(token);
      let payload = hit && hit.expMs > t ? hit.payload : undefined;
      if (hit && !payload) this.verified.delete(token);
      if (!payload) {
        ({ payload } = await jwtVerify(token, await this.signingKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(t),
          requiredClaims: ['exp', 'iat', 'sid'],
        }));
        if (payload.token_type !== 'access_token') return null;
        if (payload.iat! > t / 1000 + IAT_SKEW_SEC) return null;
        if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
        this.verified.set(token, { payload, expMs: (payload.exp ?? 0) * 1000 });
      }
      const sid = typeof payload.sid === 'string' ? payload.sid : '';
      if (!sid) return null;
      // Bound to the session on every request, remembered token or not. A mismatch against a cached binding is
      // re-read once: the session may just have been rotated (new roles) by another process.
      let binding = await this.sessionBinding(sid);
      if (binding && !matches(payload, binding)) binding = await this.sessionBinding(sid, true);
      if (!binding || !matches(payload, binding)) return null;
      const list = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : []);
      const roleAliases = binding.roleAliases;
      return {
        userId: String(payload.user_id ?? ''),
        tenantId: String(payload.tenant_id ?? ''),
        account: String(payload.account ?? ''),
        userName: String(payload.user_name ?? ''),
        nickName: String(payload.nick_name ?? ''),
        roleIds: list(payload.role_id),
        roleAliases,
        deptIds: list(payload.dept_id),
        postIds: list(payload.post_id),
        clientId: String(payload.client_id ?? ''),
        sid,
        isAdministrator: roleAliases.includes('administrator'),
      };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}
