/**
 * User administration: submit/update/remove, roles (grant), password reset, platform data, lookups by role, and Excel
 * import (template, row-level errors, overwrite switch) and export. Guest registration and its approval live in
 * user-registration.routes.ts. Generated passwords (create without one, reset) are per user, returned once to the
 * caller, and must be changed at the next sign-in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { Type } from 'typebox';
import { omittedDoc } from '@helio/contracts/crud/resource';
import { USER_OMITTED } from '@helio/contracts/modules/user/user.schema';
import type { ModuleContext } from '../../kernel/types.js';
import { formatDateTime } from '../../core/dates.js';
import { ok } from '../../core/envelope.js';
import { BizError, ForbiddenError, ValidationError } from '../../core/errors.js';
import { msg } from '../../core/i18n.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { readSheet, sendSheet, writeSheet, type SheetColumn } from '../../core/sheet.js';
import { tenantCondition } from '../../core/tenant.js';
import { dept, post, role, user, userDept, userPlatform } from '../../db/schema.js';
import { canonicalPassword, hashCanonical } from '../auth/index.js';
import { receiveFiles, UPLOAD_RULES } from '../../core/upload.js';
import { UserRepository } from './user.repository.js';
import { generatePassword, UserService, type UserInput } from './user.service.js';
import { passwordGate } from './password-gate.js';
import { userRegistrationRoutes } from './user-registration.routes.js';
import { Privileges } from '../role/index.js';

function params(req: FastifyRequest): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...body, ...((req.query ?? {}) as Record<string, unknown>) };
}

/** Import template columns: key, zh header, en header. */
const COLUMNS = [
  ['account', '登录账号', 'Account'],
  ['name', '用户昵称', 'Nickname'],
  ['realName', '用户姓名', 'Real name'],
  ['email', '电子邮箱', 'Email'],
  ['phoneDiallingCode', '国际区号', 'Dialling code'],
  ['phone', '手机号码', 'Phone'],
  ['sex', '性别(1男 2女 3未知)', 'Sex (1 male, 2 female, 3 unknown)'],
  ['birthday', '生日(yyyy-MM-dd)', 'Birthday (yyyy-MM-dd)'],
  ['roleAlias', '角色别名(逗号分隔)', 'Role aliases (comma-separated)'],
  ['deptName', '部门名称(逗号分隔)', 'Departments (comma-separated)'],
  ['postCode', '岗位编号(逗号分隔)', 'Post codes (comma-separated)'],
  ['code', '用户编号', 'User code'],
  ['userType', '用户平台(1普通 2平台)', 'User type (1 ordinary, 2 platform)'],
] as const;

export async function userAdminRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const service = new UserService(db);
  const repo = new UserRepository(db);
  const privileges = new Privileges(db);

  /** Users the caller may act on, by id: live and in the caller's tenant (platform: any). */
  const ownUsers = async (req: FastifyRequest, ids: string[]) =>
    ids.length ? db.select().from(user).where(and(inArray(user.id, ids), eq(user.isDeleted, 0), tenantCondition(user.tenantId, req.user!))) : [];

  const submit = async (req: FastifyRequest, mode: 'submit' | 'update') => {
    const body = (req.body ?? {}) as UserInput;
    const updating = !!body.id;
    if (mode === 'update' && !updating) throw new BizError('recordNotFound');
    if (!(await s.use('auth').permissions.has(req.user!, [updating ? 'user_edit' : 'user_add']))) throw new ForbiddenError();
    const before = updating && isId(String(body.id)) ? (await ownUsers(req, [String(body.id)]))[0] : undefined;
    const saved = await service.save(body, req.user!, req.lang, { requirePassword: false });
    const id = saved.id;
    if (before) {
      // Disabled, or lost a role: the user's sessions end now, not at the next refresh.
      const lostRole = body.roleId !== undefined && before.roleId.split(',').some((r) => !String(body.roleId).split(',').includes(r));
      if (Number(body.status) === 0 || lostRole) await s.use('auth').tokens.revokeUser(id, 'admin-change');
    }
    // `initialPassword`: only when the user was created without one — shown to the creator this once.
    return ok(req, saved);
  };
  const bodySchema = Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      userType: Type.Optional(Type.Unknown({ description: omittedDoc(USER_OMITTED.userType) })),
      phoneDiallingCode: Type.Optional(Type.Unknown({ description: omittedDoc(USER_OMITTED.phoneDiallingCode) })),
    },
    { additionalProperties: true },
  );
  // A generated password may be in the answer: never cached.
  app.post(
    '/api/blade-system/user/submit',
    { config: { access: { permission: ['user_add', 'user_edit'] } }, schema: { tags: ['user'], summary: 'Create a user (or update when an id is given); created without a password: `initialPassword`, once', body: bodySchema } },
    (req, reply) => (reply.header('cache-control', 'no-store'), submit(req, 'submit')),
  );
  app.post('/api/blade-system/user/update', { config: { access: { permission: 'user_edit' } }, schema: { tags: ['user'], summary: 'Update a user', body: bodySchema } }, (req) => submit(req, 'update'));

  app.post(
    '/api/blade-system/user/remove',
    { config: { access: { permission: 'user_delete' } }, schema: { tags: ['user'], summary: 'Soft-delete users (ids); ends their sessions', querystring: Type.Object({ ids: Type.Optional(Type.String()) }, { additionalProperties: true }) } },
    async (req) => {
      const ids = parseIds(params(req).ids);
      if (ids.length === 0) throw new BizError('idsRequired');
      if (ids.includes(req.user!.userId)) throw new BizError('cannotRemoveSelf');
      const rows = await ownUsers(req, ids);
      await privileges.assertCanAdminister(req.user!, rows);
      if (rows.length) {
        await db.update(user).set({ isDeleted: 1, updateUser: req.user!.userId, updateTime: new Date() }).where(inArray(user.id, rows.map((r) => r.id)));
        // Department links of a removed user go with it (department user counts read the link table).
        await db.delete(userDept).where(inArray(userDept.userId, rows.map((r) => r.id)));
        for (const r of rows) await s.use('auth').tokens.revokeUser(r.id, 'removed');
      }
      return ok(req, rows.length > 0);
    },
  );

  app.post(
    '/api/blade-system/user/grant',
    { config: { access: { permission: 'user_role' } }, schema: { tags: ['user'], summary: 'Set the roles of users (userIds, roleIds)' } },
    async (req) => {
      const p = params(req);
      const userIds = parseIds(p.userIds);
      const roleIds = parseIds(p.roleIds);
      if (userIds.length === 0 || roleIds.length === 0) throw new BizError('idsRequired');
      const users = await ownUsers(req, userIds);
      if (users.length !== userIds.length) throw new BizError('recordNotFound');
      for (const u of users) {
        const roles = await db.select({ id: role.id }).from(role).where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0), eq(role.tenantId, u.tenantId)));
        if (roles.length !== roleIds.length) throw new BizError('recordNotFound');
        // Never one's own roles; only roles one may grant, to and from accounts not above one's own.
        await privileges.assertCanAdminister(req.user!, [u]);
        await privileges.assertRoleChange(req.user!, u, u.roleId.split(',').filter(Boolean), roleIds);
      }
      await db.update(user).set({ roleId: roleIds.join(','), updateUser: req.user!.userId, updateTime: new Date() }).where(inArray(user.id, userIds));
      for (const u of users) if (u.roleId.split(',').some((r) => r && !roleIds.includes(r))) await s.use('auth').tokens.revokeUser(u.id, 'roles-changed');
      return ok(req, true);
    },
  );

  app.post(
    '/api/blade-system/user/reset-password',
    {
      config: { access: { permission: 'user_reset' } },
      schema: {
        tags: ['user'],
        summary: "Give users new random passwords (returned once: [{id, account, password}]); they must change them at the next sign-in; ends their sessions",
      },
    },
    async (req, reply) => {
      const ids = parseIds(params(req).userIds);
      if (ids.length === 0) throw new BizError('idsRequired');
      const rows = await ownUsers(req, ids);
      await privileges.assertCanAdminister(req.user!, rows);
      reply.header('cache-control', 'no-store');
      const issued: { id: string; account: string; password: string }[] = [];
      for (const r of rows) {
        const password = generatePassword();
        await db
          .update(user)
          .set({ password: await hashCanonical(canonicalPassword(password)), mustChangePassword: 1, updateUser: req.user!.userId, updateTime: new Date() })
          .where(eq(user.id, r.id));
        passwordGate(s).forget(r.id);
        await s.use('auth').tokens.revokeUser(r.id, 'password-reset');
        await s.use('auth').lockout.unlock(r.tenantId, r.account);
        issued.push({ id: r.id, account: r.account, password });
      }
      return ok(req, issued);
    },
  );

  app.post(
    '/api/blade-system/user/update-platform',
    { config: { access: { permission: 'user_platform' } }, schema: { tags: ['user'], summary: 'Platform data of a user (userId, userType, userExt)' } },
    async (req) => {
      const p = params(req);
      const userId = String(p.userId ?? '');
      const userType = Number(p.userType);
      if (!isId(userId) || ![1, 2, 3].includes(userType)) throw new BizError('badRequest');
      const ext = String(p.userExt ?? '').slice(0, 255);
      if (!(await ownUsers(req, [userId])).length) throw new BizError('recordNotFound');
      await db
        .insert(userPlatform)
        .values({ id: nextId(), userId, userType, userExt: ext })
        .onConflictDoUpdate({ target: [userPlatform.userId, userPlatform.userType], set: { userExt: ext } });
      return ok(req, true);
    },
  );

  app.get(
    '/api/blade-system/user/platform-detail',
    { config: { access: { permission: ['user_platform', 'user_view'] } }, schema: { tags: ['user'], summary: 'A user with platform data', querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }) } },
    async (req) => {
      const { id } = req.query as { id: string };
      const [u] = isId(id) ? await ownUsers(req, [id]) : [];
      if (!u) throw new BizError('recordNotFound');
      const ext = await db.select().from(userPlatform).where(eq(userPlatform.userId, u.id));
      const [vo] = await repo.toVOs([u], req.lang);
      return ok(req, { ...vo, userExt: ext.find((e) => e.userType === u.userType)?.userExt ?? '', platforms: ext.map((e) => ({ userType: e.userType, userExt: e.userExt ?? '' })) });
    },
  );

  app.get(
    '/api/blade-system/user/findUserInfoByRoleName',
    { config: { access: { permission: ['user', 'user_view'] } }, schema: { tags: ['user'], summary: 'Users holding a role (by alias or name) in the caller’s tenant', querystring: Type.Object({ roleName: Type.String({ minLength: 1 }) }, { additionalProperties: true }) } },
    async (req) => {
      const { roleName } = req.query as { roleName: string };
      const roles = await db.select({ id: role.id }).from(role).where(and(eq(role.isDeleted, 0), tenantCondition(role.tenantId, req.user!), or(eq(role.roleAlias, roleName), eq(role.roleName, roleName))));
      if (roles.length === 0) return ok(req, []);
      const rows = await db.select().from(user).where(and(eq(user.isDeleted, 0), tenantCondition(user.tenantId, req.user!))).orderBy(asc(user.account)).limit(2000);
      const ids = new Set(roles.map((r) => r.id));
      const holders = rows.filter((u) => u.roleId.split(',').some((r) => ids.has(r)));
      return ok(req, await repo.toVOs(holders, req.lang));
    },
  );

  await userRegistrationRoutes(app, s, service);

  // ---- Excel -------------------------------------------------------------------------------------------------
  const columns: SheetColumn[] = COLUMNS.map(([key, zh, en]) => ({ key, zh, en, width: 22, numeric: key === 'sex' || key === 'userType' }));
  const template = (lang: 'zh-CN' | 'en-US', rows: Record<string, unknown>[] = []) => writeSheet(lang, { zh: '用户', en: 'Users' }, columns, rows);

  app.get(
    '/api/blade-system/user/export-template',
    { config: { access: { permission: ['user_import', 'user_export'] }, download: true }, schema: { tags: ['user'], summary: 'The .xlsx import template' } },
    async (req, reply) => sendSheet(reply, req.lang === 'en-US' ? 'user-import-template.xlsx' : '用户导入模板.xlsx', await template(req.lang)),
  );

  app.get(
    '/api/blade-system/user/export-user',
    { config: { access: { permission: 'user_export' }, download: true }, schema: { tags: ['user'], summary: 'Users as .xlsx (same filters as user/list; no passwords)' } },
    async (req, reply) => {
      const q = { ...(req.query as Record<string, unknown>), current: '1', size: String(s.config.maxPageSize) };
      const all: typeof user.$inferSelect[] = [];
      for (let page = 1; page <= 200; page++) {
        const { rows, total } = await repo.page({ ...q, current: String(page) }, parsePaging({ ...q, current: String(page) }, s.config.maxPageSize), req.user!);
        all.push(...rows);
        if (all.length >= total || rows.length === 0) break;
      }
      const vos = await repo.toVOs(all, req.lang);
      const [roles, depts, posts] = await Promise.all([
        db.select({ id: role.id, alias: role.roleAlias }).from(role),
        db.select({ id: dept.id, name: dept.deptName }).from(dept),
        db.select({ id: post.id, code: post.postCode }).from(post),
      ]);
      const pick = (m: Map<string, string | null>, v: string) => v.split(',').map((x) => m.get(x) ?? '').filter(Boolean).join(',');
      const rm = new Map(roles.map((r) => [r.id, r.alias]));
      const dm = new Map(depts.map((r) => [r.id, r.name]));
      const pm = new Map(posts.map((r) => [r.id, r.code]));
      const rows = vos.map((v) => ({ ...v, birthday: v.birthday?.slice(0, 10) ?? '', roleAlias: pick(rm, v.roleId), deptName: pick(dm, v.deptId), postCode: pick(pm, v.postId) }));
      return sendSheet(reply, `users-${formatDateTime(new Date())!.slice(0, 10)}.xlsx`, await template(req.lang, rows));
    },
  );

  app.post(
    '/api/blade-system/user/import-user',
    {
      config: { access: { permission: 'user_import' } },
      schema: {
        tags: ['user'],
        summary: 'Import users from .xls/.xlsx (multipart `file`). isCovered=1 updates existing accounts; with any row in error nothing is imported unless skipErrors=1.',
        querystring: Type.Object({ isCovered: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer()])), skipErrors: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Integer()])) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const q = req.query as { isCovered?: string | number; skipErrors?: string | number };
      const covered = String(q.isCovered ?? '0') === '1';
      const skipErrors = String(q.skipErrors ?? '0') === '1';
      const [file] = await receiveFiles(req, UPLOAD_RULES.import);
      // Columns by header text (either language) so a re-ordered sheet still imports.
      const sheetRows = await readSheet(file!, columns, { required: ['account'], maxRows: 5000 });
      const tenantId = req.user!.tenantId;
      const [roles, depts, posts, existingUsers] = await Promise.all([
        db.select({ id: role.id, alias: role.roleAlias }).from(role).where(and(eq(role.tenantId, tenantId), eq(role.isDeleted, 0))),
        db.select({ id: dept.id, name: dept.deptName }).from(dept).where(and(eq(dept.tenantId, tenantId), eq(dept.isDeleted, 0))),
        db.select({ id: post.id, code: post.postCode }).from(post).where(and(eq(post.tenantId, tenantId), eq(post.isDeleted, 0))),
        db.select({ id: user.id, account: user.account }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0))),
      ]);
      const byAccount = new Map(existingUsers.map((u) => [u.account, u.id]));
      const errors: { row: number; column: string; reason: string }[] = [];
      const inputs: { row: number; input: UserInput }[] = [];
      const seen = new Set<string>();
      const lookup = (row: number, column: string, raw: string, table: { id: string; key: string | null }[]) => {
        const out: string[] = [];
        for (const part of raw.split(/[,，]/).map((x) => x.trim()).filter(Boolean)) {
          const hit = table.find((t) => t.key === part);
          if (hit) out.push(hit.id);
          else errors.push({ row, column, reason: msg(req.lang, 'importUnknown', { value: part.slice(0, 40) }) });
        }
        return out;
      };
      for (const { row: r, values } of sheetRows) {
        const cell = (key: string) => values[key] ?? '';
        const account = cell('account');
        const errCount = errors.length;
        if (seen.has(account)) errors.push({ row: r, column: 'account', reason: msg(req.lang, 'accountExists') });
        seen.add(account);
        const existingId = byAccount.get(account);
        if (existingId && !covered) errors.push({ row: r, column: 'account', reason: msg(req.lang, 'accountExists') });
        const input: UserInput = {
          ...(existingId ? { id: existingId } : {}),
          account,
          name: cell('name'),
          realName: cell('realName'),
          email: cell('email'),
          // Empty: a new account takes the tenant's default (user-defaults.ts), an existing one keeps its own.
          phoneDiallingCode: cell('phoneDiallingCode') || undefined,
          phone: cell('phone'),
          sex: cell('sex') || '3',
          birthday: cell('birthday'),
          roleId: lookup(r, 'roleAlias', cell('roleAlias'), roles.map((x) => ({ id: x.id, key: x.alias }))),
          deptId: lookup(r, 'deptName', cell('deptName'), depts.map((x) => ({ id: x.id, key: x.name }))),
          postId: lookup(r, 'postCode', cell('postCode'), posts.map((x) => ({ id: x.id, key: x.code }))),
          code: cell('code'),
          userType: cell('userType') || undefined,
        };
        if (errors.length === errCount) inputs.push({ row: r, input });
      }
      // Validate every row before writing any (dry run through the same rules).
      const valid: { row: number; input: UserInput }[] = [];
      for (const item of inputs) {
        try {
          await service.validateOnly(item.input, req.user!, req.lang);
          valid.push(item);
        } catch (e) {
          if (e instanceof ValidationError) for (const m of e.messages) errors.push({ row: item.row, column: '', reason: m });
          else if (e instanceof BizError) errors.push({ row: item.row, column: '', reason: msg(req.lang, e.key, e.params) });
          else throw e;
        }
      }
      errors.sort((a, b) => a.row - b.row);
      if (errors.length && !skipErrors) return { code: 400, success: false, data: { imported: 0, errors }, msg: msg(req.lang, 'importHasErrors', { n: errors.length }) };
      let imported = 0;
      for (const item of valid) {
        // The sheet has no passwords: new accounts sign in once an administrator resets theirs (shown once).
        await service.save(item.input, req.user!, req.lang, { withoutPassword: 'unusable' });
        imported++;
      }
      return ok(req, { imported, errors });
    },
  );
}
