/**
 * Guest self-registration and its approval (issue 11 item 7).
 *
 * `register-guest` is off unless HELIO_REGISTER_MODE=on (and the `account.registerUser` parameter is `true`). When
 * on, each attempt counts against a limit per client IP and hour (HELIO_REGISTER_IP_LIMIT, shared through Redis when
 * configured), needs a captcha (the sign-in captcha service: `GET /api/blade-auth/oauth/captcha`, answered in the
 * `Captcha-Key`/`Captcha-Code` headers or `captchaKey`/`captchaCode` parameters), and gets the same answer —
 * "registration received, waiting for approval" — whether the account is new, already taken or the tenant unknown,
 * so it tells nobody which accounts or tenants exist. A new account waits (status PENDING): it cannot sign in and
 * does not count against the tenant's account limit until an administrator approves it (`user/approve`, which may
 * also give it roles) or rejects it (`user/reject`), both with the `user_approve` permission.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { BizError, ValidationError } from '../../core/errors.js';
import { msg } from '../../core/i18n.js';
import { parseIds } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { role, tenant, user } from '../../db/schema.js';
import { Privileges } from '../role/index.js';
import { paramValue } from '../../core/params.js';
import { PENDING } from '../auth/index.js';
import type { UserService } from './user.service.js';

const HOUR_MS = 60 * 60_000;
/** Registrations kept waiting per tenant; past this, attempts get the same answer and are not stored. */
export const MAX_PENDING_PER_TENANT = 500;
/** What `save` reports for an existing account or an unknown tenant: answered like a success. */
const SILENT = new Set(['tenantNotFound', 'accountExists', 'emailExists']);

function params(req: FastifyRequest): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...body, ...((req.query ?? {}) as Record<string, unknown>) };
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

export async function userRegistrationRoutes(app: FastifyInstance, s: ModuleContext, service: UserService): Promise<void> {
  const db = s.database.db;
  const privileges = new Privileges(db);

  app.post(
    '/api/blade-system/user/register-guest',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['user'],
        summary: 'Register an account (off unless HELIO_REGISTER_MODE=on); captcha; waits for approval',
        description:
          'Parameters tenantId, account, name, password, password2 and the captcha (`Captcha-Key`/`Captcha-Code` headers or ' +
          'captchaKey/captchaCode). The same answer for new and existing accounts and unknown tenants.',
        security: [],
      },
    },
    async (req) => {
      const p = params(req);
      if (!s.config.registerMode) throw new BizError('registerClosed', {}, 403, 403);
      if ((await paramValue(db, 'account.registerUser')) !== 'true') throw new BizError('registerClosed');
      if ((await s.kv.incr(`register:ip:${req.ip}`, HOUR_MS)) > s.config.registerIpLimit) throw new BizError('registerTooMany', {}, 429, 429);
      const captchaKey = header(req, 'captcha-key') ?? (typeof p.captchaKey === 'string' ? p.captchaKey : undefined);
      const captchaCode = header(req, 'captcha-code') ?? (typeof p.captchaCode === 'string' ? p.captchaCode : undefined);
      if (!captchaKey || !captchaCode) throw new BizError('captchaRequired');
      if (!(await s.use('auth').captcha.verify(captchaKey, captchaCode))) throw new BizError('badCaptcha');

      const tenantId = String(p.tenantId ?? '').trim();
      const problems: string[] = [];
      const field = (zh: string, en: string) => (req.lang === 'en-US' ? en : zh);
      if (!tenantId) problems.push(msg(req.lang, 'required', { field: field('租户ID', 'Tenant ID') }));
      if (!String(p.account ?? '').trim()) problems.push(msg(req.lang, 'required', { field: field('账号', 'Account') }));
      if (!p.password || !p.password2) problems.push(msg(req.lang, 'required', { field: field('密码', 'Password') }));
      else if (p.password !== p.password2) problems.push(msg(req.lang, 'passwordMismatch'));
      if (problems.length) throw new ValidationError([problems[0]!]);

      const received = { code: 200, success: true, data: {}, msg: msg(req.lang, 'registrationReceived') };
      const [waiting] = await db
        .select({ n: count() })
        .from(user)
        .where(and(eq(user.tenantId, tenantId.slice(0, 12)), eq(user.status, PENDING), eq(user.isDeleted, 0)));
      if (Number(waiting?.n ?? 0) >= MAX_PENDING_PER_TENANT) {
        req.log.warn({ tenantId }, 'registration not stored: too many registrations waiting for approval');
        return received;
      }
      const actor = { userId: '0', tenantId, deptIds: [], roleIds: [], roleAliases: [], account: 'guest', userName: 'guest', nickName: 'guest', postIds: [], clientId: '', sid: '', isAdministrator: false };
      try {
        await service.save(
          { account: String(p.account), name: String(p.name || p.account).slice(0, 20), realName: String(p.name || p.account), password: String(p.password), userType: 1 },
          actor,
          req.lang,
          { requirePassword: true, guest: true },
        );
      } catch (e) {
        if (!(e instanceof BizError && SILENT.has(e.key))) throw e;
      }
      return received;
    },
  );

  /** The caller's own tenant's (platform: any) live accounts among `ids` that are waiting for approval. */
  const pendingUsers = async (req: FastifyRequest, ids: string[]) => {
    if (ids.length === 0) throw new BizError('idsRequired');
    const rows = await db.select().from(user).where(and(inArray(user.id, ids), eq(user.isDeleted, 0), tenantCondition(user.tenantId, req.user!)));
    if (rows.length === 0 || rows.some((r) => r.status !== PENDING)) throw new BizError('notPending');
    return rows;
  };

  app.post(
    '/api/blade-system/user/approve',
    {
      config: { access: { permission: 'user_approve' } },
      schema: {
        tags: ['user'],
        summary: 'Approve registrations (userIds; optional roleIds to grant): they count against the account limit from now on',
        querystring: Type.Object({ userIds: Type.Optional(Type.String()), roleIds: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const p = params(req);
      const rows = await pendingUsers(req, parseIds(p.userIds));
      const roleIds = parseIds(p.roleIds);
      for (const tenantId of new Set(rows.map((r) => r.tenantId))) {
        const [t] = await db.select({ accountNumber: tenant.accountNumber }).from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
        await service.assertAccountRoom(tenantId, t?.accountNumber ?? -1, rows.filter((r) => r.tenantId === tenantId).length);
        if (roleIds.length) {
          const found = await db.select({ id: role.id }).from(role).where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0), eq(role.tenantId, tenantId)));
          if (found.length !== roleIds.length) throw new BizError('recordNotFound');
        }
      }
      if (roleIds.length) for (const r of rows) await privileges.assertRoleChange(req.user!, r, [], roleIds);
      await db
        .update(user)
        .set({ status: 1, ...(roleIds.length ? { roleId: roleIds.join(',') } : {}), updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(inArray(user.id, rows.map((r) => r.id)), eq(user.status, PENDING)));
      return ok(req, true);
    },
  );

  app.post(
    '/api/blade-system/user/reject',
    {
      config: { access: { permission: 'user_approve' } },
      schema: { tags: ['user'], summary: 'Reject registrations (userIds): the accounts are removed', querystring: Type.Object({ userIds: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const rows = await pendingUsers(req, parseIds(params(req).userIds));
      await db
        .update(user)
        .set({ isDeleted: 1, updateUser: req.user!.userId, updateTime: new Date() })
        .where(and(inArray(user.id, rows.map((r) => r.id)), eq(user.status, PENDING)));
      return ok(req, true);
    },
  );
}
