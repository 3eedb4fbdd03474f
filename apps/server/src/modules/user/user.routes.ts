/**
 * `/api/blade-system/user/...` — the parts sign-in and the shell need now: list/page/detail, the signed-in
 * user's info and password, and unlock. (The full administration screen builds on this.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { USER_INFO_RULES } from '@helio/contracts/modules/user/user.schema';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, page } from '../../core/envelope.js';
import { AuthError, BizError } from '../../core/errors.js';
import { isId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { assertRules } from '../../core/validate.js';
import { user, userDept } from '../../db/schema.js';
import { canonicalPassword, hashCanonical, isStrongPassword, verifyPassword } from '../auth/index.js';
import { UserRepository } from './user.repository.js';
import { passwordGate } from './password-gate.js';

const ListQuery = Type.Object(
  {
    current: Type.Optional(Type.Integer({ minimum: 1, description: 'Page number, from 1' })),
    size: Type.Optional(Type.Integer({ minimum: 1, description: 'Page size (default 10, at most HELIO_MAX_PAGE_SIZE = 500)' })),
    ascs: Type.Optional(Type.String({ description: 'Comma-separated sort fields (allow-listed)' })),
    descs: Type.Optional(Type.String()),
    account: Type.Optional(Type.String()),
    realName: Type.Optional(Type.String()),
    deptId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const UpdateInfoBody = Type.Object(
  {
    name: Type.Optional(Type.String()),
    realName: Type.Optional(Type.String()),
    avatar: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    phoneDiallingCode: Type.Optional(Type.String()),
    sex: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 3 }), Type.String()])),
  },
  { additionalProperties: true },
);

function allParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  for (const src of [body, (req.query ?? {}) as Record<string, unknown>]) {
    for (const [k, v] of Object.entries(src)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}

export async function userRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const repo = new UserRepository(db);

  const list = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const paging = parsePaging(q, s.config.maxPageSize);
    const scope = await s.use('scope').scopes.dataCondition(req.user!, 'user', (col, ids) =>
      col === 'create_user'
        ? inArray(user.createUser, ids)
        : col === 'create_dept'
          ? inArray(user.createDept, ids)
          : sql`exists (select 1 from ${userDept} where ${userDept.userId} = ${user.id} and ${inArray(userDept.deptId, ids)})`,
    );
    const { rows, total } = await repo.page(q, paging, req.user!, scope);
    return ok(req, page(await repo.toVOs(rows, req.lang), total, paging.current, paging.size));
  };
  for (const url of ['/api/blade-system/user/list', '/api/blade-system/user/page']) {
    app.get(
      url,
      {
        config: { access: { permission: 'user' } },
        schema: { tags: ['user'], summary: 'Users, paged; filters account, realName, deptId (with sub-departments)', querystring: ListQuery },
      },
      list,
    );
  }

  app.get(
    '/api/blade-system/user/detail',
    {
      config: { access: { permission: ['user', 'user_view'] } },
      schema: { tags: ['user'], querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) },
    },
    async (req) => {
      const { id } = req.query as { id: string };
      const row = isId(id) ? await repo.byId(id, req.user!) : undefined;
      if (!row) throw new BizError('recordNotFound');
      return ok(req, (await repo.toVOs([row], req.lang))[0]);
    },
  );

  app.get(
    '/api/blade-system/user/info',
    { config: { access: { login: true } }, schema: { tags: ['user'], summary: 'The signed-in user' } },
    async (req) => {
      const row = await repo.byId(req.user!.userId, req.user!);
      if (!row) throw new BizError('recordNotFound');
      return ok(req, (await repo.toVOs([row], req.lang))[0]);
    },
  );

  app.post(
    '/api/blade-system/user/update-info',
    {
      config: { access: { login: true } },
      schema: { tags: ['user'], summary: "Update the signed-in user's own profile", body: UpdateInfoBody },
    },
    async (req) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const picked: Record<string, unknown> = {};
      for (const k of ['name', 'realName', 'avatar', 'email', 'phone', 'phoneDiallingCode', 'sex'] as const) {
        if (b[k] !== undefined) picked[k] = typeof b[k] === 'string' ? (b[k] as string).trim() : b[k];
      }
      assertRules(req.lang, picked, USER_INFO_RULES, true);
      const me = req.user!;
      if (typeof picked.email === 'string' && picked.email) {
        const [dup] = await db
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.tenantId, me.tenantId), eq(user.email, picked.email), eq(user.isDeleted, 0), ne(user.id, me.userId)));
        if (dup) throw new BizError('emailExists');
      }
      const sex = picked.sex === undefined ? undefined : Number(picked.sex);
      if (sex !== undefined && ![1, 2, 3].includes(sex)) throw new BizError('outOfRange', { field: 'sex' });
      await db
        .update(user)
        .set({
          ...(picked.name !== undefined ? { name: String(picked.name) } : {}),
          ...(picked.realName !== undefined ? { realName: String(picked.realName) } : {}),
          ...(picked.avatar !== undefined ? { avatar: String(picked.avatar) } : {}),
          ...(picked.email !== undefined ? { email: String(picked.email) } : {}),
          ...(picked.phone !== undefined ? { phone: String(picked.phone) } : {}),
          ...(picked.phoneDiallingCode !== undefined ? { phoneDiallingCode: String(picked.phoneDiallingCode) } : {}),
          ...(sex !== undefined ? { sex } : {}),
          updateUser: me.userId,
          updateTime: new Date(),
        })
        .where(and(eq(user.id, me.userId), eq(user.tenantId, me.tenantId)));
      return ok(req, true);
    },
  );

  app.post(
    '/api/blade-system/user/update-password',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['user'],
        summary: 'Change the own password (old one required); other sessions of the user are revoked',
        querystring: Type.Object(
          { oldPassword: Type.Optional(Type.String()), newPassword: Type.Optional(Type.String()), newPassword1: Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => {
      const p = allParams(req);
      const oldPassword = p.oldPassword ?? '';
      const newPassword = p.newPassword ?? '';
      const newPassword1 = p.newPassword1 ?? '';
      if (!oldPassword) throw new BizError('required', { field: req.lang === 'en-US' ? 'Current password' : '原密码' });
      if (newPassword !== newPassword1) throw new BizError('passwordMismatch');
      // A 32-hex-digit value is an md5 digest (BladeX clients); plain text must meet the policy.
      const isDigest = /^[0-9a-f]{32}$/i.test(newPassword);
      if (!isDigest && !isStrongPassword(newPassword)) throw new BizError('passwordRule');
      const me = req.user!;
      const row = await repo.byId(me.userId, me);
      if (!row) throw new AuthError();
      const check = await verifyPassword(row.password, canonicalPassword(oldPassword));
      if (!check.ok) throw new BizError('oldPasswordWrong');
      if (row.mustChangePassword === 1 && canonicalPassword(newPassword) === canonicalPassword(oldPassword)) throw new BizError('passwordUnchanged');
      await db
        .update(user)
        .set({ password: await hashCanonical(canonicalPassword(newPassword)), mustChangePassword: 0, updateUser: me.userId, updateTime: new Date() })
        .where(eq(user.id, me.userId));
      passwordGate(s).forget(me.userId); // a generated password is replaced: the session may go on
      await s.use('auth').tokens.revokeUser(me.userId, 'password-change', me.sid);
      return ok(req, true);
    },
  );

  app.post(
    '/api/blade-system/user/unlock',
    {
      config: { access: { permission: 'user_unlock' } },
      schema: { tags: ['user'], summary: 'Clear the sign-in failure lock of users', querystring: Type.Object({ userIds: Type.Optional(Type.String()) }, { additionalProperties: true }) },
    },
    async (req) => {
      const ids = parseIds(allParams(req).userIds);
      if (ids.length === 0) throw new BizError('idsRequired');
      for (const id of ids) {
        const row = await repo.byId(id, req.user!);
        if (row) await s.use('auth').lockout.unlock(row.tenantId, row.account);
      }
      return ok(req, true);
    },
  );

}
