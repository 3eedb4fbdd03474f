/**
 * `/api/blade-auth/...`: both token contracts, captcha, logout, user-info, clear-cache, the SM2 public key, and
 * Helio's public settings for the sign-in page.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, RSchema } from '../../core/envelope.js';
import { BizError, ForbiddenError } from '../../core/errors.js';
import { rateRules } from '../../core/rate-limit.js';
import { msg } from '../../core/i18n.js';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { SignInResult } from './auth.service.js';
import { avatarOrDefault, avatarRoutes } from './avatar.js';
import { sm2Decrypt } from './keys.js';
import { canonicalPassword, md5Hex } from './password.js';

const TokenQuery = Type.Object(
  {
    tenantId: Type.Optional(Type.String({ maxLength: 12 })),
    tenant_id: Type.Optional(Type.String({ maxLength: 12 })),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    password: Type.Optional(Type.String({ maxLength: 512 })),
    grant_type: Type.Optional(Type.String({ maxLength: 32 })),
    refresh_token: Type.Optional(Type.String({ maxLength: 4096 })),
    scope: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const SbTokenQuery = Type.Object(
  {
    grantType: Type.Optional(Type.String({ maxLength: 32 })),
    tenantId: Type.Optional(Type.String({ maxLength: 12 })),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    refreshToken: Type.Optional(Type.String({ maxLength: 4096 })),
    scope: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
};

/** Query string first (Blade clients send params there); form or JSON body as a fallback. */
function params(req: FastifyRequest): Record<string, string | undefined> {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string' && v !== '') out[k] = v;
  }
  return out;
}

const UNSUPPORTED_UNTIL_LATER = new Set(['social', 'authorization_code', 'register', 'verification_code']);

export async function authRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const { config } = s;
  const { auth, captcha, grants } = s.use('auth');

  const tenantOf = (req: FastifyRequest, p: Record<string, string | undefined>) =>
    (header(req, 'Tenant-Id') ?? p.tenantId ?? p.tenant_id ?? PLATFORM_TENANT_ID).trim();

  /** BladeX login result: bare snake_case JSON (blade-api.md §2.2, spec §3 "Login result"). */
  const bxResult = (r: SignInResult) => ({
    access_token: r.tokens.accessToken,
    token_type: 'bearer',
    refresh_token: r.tokens.refreshToken,
    expires_in: r.tokens.expiresIn,
    scope: 'all',
    tenant_id: r.subject.tenantId,
    user_id: r.subject.userId,
    dept_id: r.subject.deptIds.join(','),
    post_id: r.subject.postIds.join(','),
    role_id: r.subject.roleIds.join(','),
    oauth_id: r.subject.oauthId ?? '',
    account: r.subject.account,
    user_name: r.subject.account,
    nick_name: r.subject.nickName,
    real_name: r.subject.realName,
    role_name: r.subject.roleAliases.join(','),
    avatar: avatarOrDefault(r.user.avatar),
    detail: { type: r.subject.userType ?? 'web' },
    license: 'powered by helio',
    // A generated password: only the password change (and user info, menus) answers until it is changed.
    password_change_required: r.user.mustChangePassword === 1,
  });

  const bxError = (req: FastifyRequest, reply: FastifyReply, e: unknown) => {
    // A dependency away (Redis for the lockout counters): the 503 stays a 503 (OAuth's `temporarily_unavailable`).
    if (e instanceof BizError && e.status >= 500) {
      return reply.status(e.status).header('retry-after', '5').send({ error_code: e.status, error: 'temporarily_unavailable', error_description: msg(req.lang, e.key, e.params) });
    }
    if (e instanceof BizError) {
      return reply.status(e.status === 401 ? 401 : 400).send({
        error_code: e.status === 401 ? 401 : 400,
        error: e.key === 'refreshInvalid' ? 'invalid_grant' : 'invalid_request',
        error_description: msg(req.lang, e.key, e.params),
      });
    }
    throw e;
  };

  app.post(
    '/api/blade-auth/oauth/token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'BladeX token endpoint (password, captcha, refresh_token, sms_code grants)',
        description:
          'Bare snake_case JSON on success; `{error_code, error_description}` on failure. Password: md5 hex of the ' +
          'password (as BladeX web clients send it) or plain text. Headers: `Authorization: Basic base64(client:secret)`, ' +
          '`Tenant-Id`, `Captcha-Key`/`Captcha-Code` when the captcha is on, `Dept-Id`/`Role-Id` in switch mode.',
        querystring: TokenQuery,
        security: [],
      },
      // Invalid parameters are answered in this contract's error shape, not the R envelope.
      attachValidation: true,
    },
    async (req, reply) => {
      try {
        if (req.validationError) throw new BizError('badRequest');
        const p = params(req);
        const client = await auth.authenticateClient(req.headers.authorization);
        const grant = p.grant_type ?? 'password';
        if (UNSUPPORTED_UNTIL_LATER.has(grant)) throw new BizError('grantNotEnabled', { grant });
        const deptId = config.switchMode ? header(req, 'Dept-Id') : undefined;
        const roleId = config.switchMode ? header(req, 'Role-Id') : undefined;
        if (grant === 'refresh_token') {
          auth.assertGrantAllowed(client, 'refresh_token');
          const r = await auth.refreshGrant(client, p.refresh_token ?? '', deptId, roleId);
          return bxResult(r);
        }
        const added = grants.get(grant);
        if (added) {
          auth.assertGrantAllowed(client, grant);
          const r = await added({ client, tenantId: tenantOf(req, p), params: p, deptId, roleId, userType: header(req, 'User-Type') });
          return bxResult(r);
        }
        if (grant !== 'password' && grant !== 'captcha') throw new BizError('grantNotSupported', { grant });
        auth.assertGrantAllowed(client, grant);
        const r = await auth.passwordGrant({
          client,
          tenantId: tenantOf(req, p),
          account: p.username ?? p.account ?? '',
          canonicalPassword: canonicalPassword(p.password ?? ''),
          ip: req.ip,
          captchaKey: header(req, 'Captcha-Key'),
          captchaCode: header(req, 'Captcha-Code'),
          deptId,
          roleId,
          userType: header(req, 'User-Type'),
        });
        return bxResult(r);
      } catch (e) {
        return bxError(req, reply, e);
      }
    },
  );

  /** SpringBlade contract: camelCase AuthInfo in R; password SM2-encrypted with Helio's public key. */
  app.post(
    '/api/blade-auth/token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'SpringBlade token endpoint (grantType password, captcha, refresh_token, sms_code)',
        description:
          'Parameters in the query string. `password` is SM2-encrypted (sm-crypto `doEncrypt(pwd, publicKey, 0)`, ' +
          'C1C2C3 hex) with the key from `/api/blade-auth/oauth/public-key`.',
        querystring: SbTokenQuery,
        security: [],
      },
    },
    async (req) => {
      const p = params(req);
      const client = await auth.authenticateClient(req.headers.authorization);
      const grant = p.grantType ?? 'password';
      const added = grants.get(grant);
      let r: SignInResult;
      if (grant === 'refresh_token') {
        auth.assertGrantAllowed(client, 'refresh_token');
        r = await auth.refreshGrant(client, p.refreshToken ?? '');
      } else if (grant === 'password' || grant === 'captcha') {
        auth.assertGrantAllowed(client, grant === 'captcha' ? 'captcha' : 'password');
        const plain = sm2Decrypt(p.password ?? '', s.use('auth').keys.sm2PrivateKey);
        if (plain === null) throw new BizError('badCredentials');
        r = await auth.passwordGrant({
          client,
          tenantId: tenantOf(req, p),
          account: p.account ?? p.username ?? '',
          canonicalPassword: md5Hex(plain),
          ip: req.ip,
          captchaKey: header(req, 'Captcha-Key'),
          captchaCode: header(req, 'Captcha-Code'),
          userType: header(req, 'User-Type'),
        });
      } else if (added) {
        auth.assertGrantAllowed(client, grant);
        r = await added({ client, tenantId: tenantOf(req, p), params: p, userType: header(req, 'User-Type') });
      } else if (UNSUPPORTED_UNTIL_LATER.has(grant)) {
        throw new BizError('grantNotEnabled', { grant });
      } else {
        throw new BizError('grantNotSupported', { grant });
      }
      return ok(req, {
        accessToken: r.tokens.accessToken,
        tokenType: 'bearer',
        refreshToken: r.tokens.refreshToken,
        userId: r.subject.userId,
        tenantId: r.subject.tenantId,
        oauthId: r.subject.oauthId ?? '',
        avatar: avatarOrDefault(r.user.avatar),
        authority: r.subject.roleAliases.join(','),
        userName: r.subject.realName || r.subject.nickName,
        account: r.subject.account,
        expiresIn: r.tokens.expiresIn,
        license: 'powered by helio',
        passwordChangeRequired: r.user.mustChangePassword === 1,
      });
    },
  );

  const captchaSchema = Type.Object({ key: Type.String(), image: Type.String() });
  const captchaRule = rateRules(s.config.rateLimits).captcha;
  app.get(
    '/api/blade-auth/oauth/captcha',
    {
      config: { access: { public: true }, rateLimit: captchaRule },
      schema: { tags: ['auth'], summary: 'Captcha (BladeX: bare {key, image})', response: { 200: captchaSchema }, security: [] },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.create();
    },
  );
  app.get(
    '/api/blade-auth/captcha',
    {
      config: { access: { public: true }, rateLimit: captchaRule },
      schema: { tags: ['auth'], summary: 'Captcha (SpringBlade: in R)', response: { 200: RSchema(captchaSchema) }, security: [] },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await captcha.create());
    },
  );

  const logout = async (req: FastifyRequest) => {
    const p = params(req);
    if (req.user) await s.use('auth').tokens.revokeSession(req.user.sid, 'logout');
    // A client whose access token already expired can still end its session with the refresh token.
    if (p.refresh_token || p.refreshToken) {
      const sess = await s.use('auth').tokens.consumeRefresh(p.refresh_token ?? p.refreshToken ?? '');
      if (sess) await s.use('auth').tokens.revokeSession(sess.id, 'logout');
    }
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/blade-auth/oauth/logout',
      config: { access: { public: true } },
      schema: { tags: ['auth'], summary: 'Log out (BladeX): revokes the session and its refresh tokens' },
      handler: async (req) => {
        await logout(req);
        return { success: 'true', account: req.user?.account ?? '', msg: 'success' };
      },
    });
    app.route({
      method,
      url: '/api/blade-auth/logout',
      config: { access: { public: true } },
      schema: { tags: ['auth'], summary: 'Log out (SpringBlade): revokes the session' },
      handler: async (req) => {
        await logout(req);
        return ok(req, { code: '200', msg: msg(req.lang, 'success') });
      },
    });
  }

  app.get(
    '/api/blade-auth/oauth/user-info',
    { config: { access: { login: true } }, schema: { tags: ['auth'], summary: 'The signed-in user as the token says, and its avatar (or the stock one)' } },
    async (req) => {
      const u = req.user!;
      return ok(req, {
        userId: u.userId,
        tenantId: u.tenantId,
        account: u.account,
        userName: u.userName,
        nickName: u.nickName,
        roleId: u.roleIds.join(','),
        roleName: u.roleAliases.join(','),
        deptId: u.deptIds.join(','),
        postId: u.postIds.join(','),
        clientId: u.clientId,
        avatar: avatarOrDefault(await auth.storedAvatar(u.userId, u.tenantId)),
      });
    },
  );

  /**
   * Clears the sign-in slow-down of client addresses (lockout.service.ts): the per-IP failure counter is shared by
   * every tenant, so only a platform user holding the user page's unlock button (`user_unlock`) may clear it.
   * Accounts are cleared by `user/unlock`. `ips` = comma-separated IPv4/IPv6 addresses (query, form or JSON body).
   */
  app.post(
    '/api/blade-system/user/unlock-ip',
    {
      config: { access: { permission: 'user_unlock' } },
      schema: {
        tags: ['user'],
        summary: 'Clear the sign-in slow-down of client IP addresses (platform administrators)',
        querystring: Type.Object({ ips: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      if (req.user!.tenantId !== PLATFORM_TENANT_ID) throw new ForbiddenError();
      const ips = (params(req).ips ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      if (ips.length === 0 || ips.length > 100) throw new BizError('badRequest');
      const bad = ips.find((ip) => isIP(ip) === 0);
      if (bad !== undefined) throw new BizError('ipInvalid', { ip: bad.slice(0, 64) });
      // 1.2.3.4 and ::ffff:1.2.3.4 are the same client; an IPv6 address clears its /64 (lockout.service.ts).
      for (const ip of ips) await s.use('auth').lockout.unlockIp(ip);
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-auth/oauth/clear-cache',
    { config: { access: { login: true } }, schema: { tags: ['auth'], summary: 'Drop cached permissions' } },
    async (req) => {
      s.use('auth').permissions.invalidate();
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-auth/oauth/public-key',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'SM2 public key (hex) for the SpringBlade token contract',
        response: { 200: RSchema(Type.Object({ publicKey: Type.String(), cipherMode: Type.Integer() })) },
        security: [],
      },
    },
    async (req) => ok(req, { publicKey: s.use('auth').keys.sm2PublicKey, cipherMode: 0 }),
  );

  app.get(
    '/api/helio/public-settings',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], summary: 'What the sign-in page needs to know', security: [] },
    },
    async (req) =>
      ok(req, {
        tenantMode: config.tenantMode,
        captchaMode: config.captcha,
        switchMode: config.switchMode,
        registerMode: config.registerMode,
        defaultTenantId: PLATFORM_TENANT_ID,
        indexTitle: 'Helio',
      }),
  );

  avatarRoutes(app);
}
