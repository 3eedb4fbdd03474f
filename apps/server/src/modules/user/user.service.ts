/**
 * User administration rules (spec §3 User, §5): every field checked on the server with the spec's messages,
 * account and email unique within the tenant, mobile numbers of 11 digits where the dialling code calls for it,
 * roles/departments/posts must exist in the user's tenant, the tenant's account limit, passwords by the policy.
 * Roles only within the caller's reach (role/privilege.ts). A user created without a password gets its own random
 * one, returned once to the creator, and must change it at the first sign-in. Self-registrations wait for approval
 * (status PENDING) and do not count against the tenant's account limit. A new user's type and dialling code left
 * out (stock Blade clients) take their defaults (user-defaults.ts).
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { randomPassword } from '../../seed/seed.js';
import { Privileges } from '../role/index.js';
import { USER_RULES } from '@helio/contracts/modules/user/user.schema';
import { ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import type { AuthUser } from '../../core/access.js';
import { parseDateTime } from '../../core/dates.js';
import { BizError, ValidationError } from '../../core/errors.js';
import { msg, type Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { ConflictError, versionOf } from '../../core/optimistic.js';
import { tenantForInsert } from '../../core/tenant.js';
import { violationMessages } from '../../core/validate.js';
import { checkRules } from '@helio/contracts/validation';
import type { Db } from '../../db/client.js';
import { dept, post, role, tenant, user, userDept } from '../../db/schema.js';
import { canonicalPassword, hashCanonical, isStrongPassword, PENDING } from '../auth/index.js';
import { applyUserDefaults } from './user-defaults.js';

export { PENDING };

/** A password that matches nothing (imports): the account signs in once an administrator resets its password. */
export const UNUSABLE_PASSWORD = '!';

export interface SaveOptions {
  requirePassword?: boolean;
  /** Self-registration: no roles, phone or dialling code yet (an administrator adds them); waits for approval. */
  guest?: boolean;
  /** A new user without a password: a random one shown once (default), or none usable yet (imports). */
  withoutPassword?: 'generate' | 'unusable';
}

export interface SaveResult {
  id: string;
  /** The generated password of a user created without one: give it to the user; it is not stored anywhere readable. */
  initialPassword?: string;
}

/** A random password meeting the policy (8–16 letters and digits), for one user. */
export function generatePassword(): string {
  return randomPassword(10);
}

/** The registration form has only tenant, name, account and password. */
const GUEST_RULES = Object.fromEntries(
  Object.entries(USER_RULES).map(([k, r]) => [k, ['roleId', 'phone', 'phoneDiallingCode', 'userType'].includes(k) ? { ...r, required: false } : r]),
);

export interface UserInput {
  id?: string;
  tenantId?: string;
  account?: string;
  name?: string;
  realName?: string;
  email?: string;
  phone?: string;
  phoneDiallingCode?: string;
  sex?: number | string;
  birthday?: string;
  roleId?: string | string[];
  deptId?: string | string[];
  postId?: string | string[];
  userType?: number | string;
  code?: string;
  status?: number | string;
  password?: string;
  password2?: string;
  avatar?: string;
  /** The version an edit was made from (optimistic locking; absent: last writer wins). */
  version?: number | string;
}

const ids = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((x) => x.trim()).filter((x) => isId(x));

export class UserService {
  private readonly privileges: Privileges;

  constructor(private readonly db: Db) {
    this.privileges = new Privileges(db);
  }

  /**
   * Validates and saves (insert without id, update with id). Returns the user id. All messages in `lang`;
   * several problems are reported together.
   */
  /** Runs every check of `save` without writing (imports validate all rows first). */
  async validateOnly(input: UserInput, actor: AuthUser, lang: Lang): Promise<void> {
    await this.prepare(input, actor, lang, {});
  }

  async save(input: UserInput, actor: AuthUser, lang: Lang, opts: SaveOptions = {}): Promise<SaveResult> {
    const p = await this.prepare(input, actor, lang, opts);
    return this.write(p, actor, opts);
  }

  private async prepare(input: UserInput, actor: AuthUser, lang: Lang, opts: SaveOptions) {
    const updating = !!input.id;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) clean[k] = typeof v === 'string' ? v.trim() : v;
    clean.roleId = ids(input.roleId).join(',');
    clean.deptId = ids(input.deptId).join(',');
    clean.postId = ids(input.postId).join(',');
    if (updating) for (const k of ['roleId', 'deptId', 'postId']) if (input[k as keyof UserInput] === undefined) delete clean[k];
    // A new user's type and dialling code left out (stock Blade clients): their documented defaults (user-defaults.ts).
    if (!updating && !opts.guest) await applyUserDefaults(this.db, clean, tenantForInsert(actor, input.tenantId));

    const rules = opts.guest ? GUEST_RULES : USER_RULES;
    const problems = violationMessages(lang, checkRules(clean, rules, updating), rules);
    const code = String(clean.phoneDiallingCode ?? '');
    if (typeof clean.phone === 'string' && clean.phone && /^\d+$/.test(clean.phone) && ELEVEN_DIGIT_MOBILE_CODES.includes(code) && clean.phone.length !== 11) {
      problems.push(lang === 'en-US' ? 'A mobile number must be 11 digits' : '手机号码长度须为11位');
    }
    if (clean.sex !== undefined && clean.sex !== null && clean.sex !== '' && ![1, 2, 3].includes(Number(clean.sex))) {
      problems.push(msg(lang, 'outOfRange', { field: lang === 'en-US' ? 'Sex' : '性别' }));
    }
    if (clean.userType !== undefined && clean.userType !== '' && ![1, 2].includes(Number(clean.userType))) {
      problems.push(msg(lang, 'outOfRange', { field: lang === 'en-US' ? 'User type' : '用户平台' }));
    }
    let birthday: Date | null | undefined;
    if (typeof clean.birthday === 'string' && clean.birthday) {
      birthday = parseDateTime(clean.birthday);
      if (!birthday || birthday.getTime() > Date.now()) problems.push(msg(lang, 'invalidFormat', { field: lang === 'en-US' ? 'Birthday' : '生日' }));
    } else if (clean.birthday === '' || clean.birthday === null) birthday = null;
    let passwordHash: string | undefined;
    if (!updating || clean.password) {
      const pw = String(clean.password ?? '');
      if (!pw && opts.requirePassword) problems.push(msg(lang, 'required', { field: lang === 'en-US' ? 'Password' : '密码' }));
      else if (pw) {
        if (clean.password2 !== undefined && clean.password2 !== pw) problems.push(msg(lang, 'passwordMismatch'));
        else if (!/^[0-9a-f]{32}$/i.test(pw) && !isStrongPassword(pw)) problems.push(msg(lang, 'passwordRule'));
        else passwordHash = await hashCanonical(canonicalPassword(pw));
      }
    }
    if (problems.length) throw new ValidationError(problems);

    let existing: typeof user.$inferSelect | undefined;
    if (updating) {
      if (!isId(String(input.id))) throw new BizError('recordNotFound');
      [existing] = await this.db
        .select()
        .from(user)
        .where(and(eq(user.id, String(input.id)), eq(user.isDeleted, 0), actor.tenantId === '000000' ? undefined : eq(user.tenantId, actor.tenantId)));
      if (!existing) throw new BizError('recordNotFound');
    }
    // Optimistic locking: an edit made from an older version is refused (the UPDATE repeats the check).
    const version = existing ? versionOf(input, lang) : undefined;
    if (existing && version !== undefined && existing.version !== version) throw new ConflictError();
    const tenantId = existing?.tenantId ?? tenantForInsert(actor, input.tenantId);

    if (!existing) {
      const [t] = await this.db.select().from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
      if (!t) throw new BizError('tenantNotFound');
      // Registrations waiting for approval count only once approved (approve checks the limit again).
      if (!opts.guest) await this.assertAccountRoom(tenantId, t.accountNumber);
    }
    if (typeof clean.account === 'string' && clean.account) {
      const [dup] = await this.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.account, clean.account), eq(user.isDeleted, 0), existing ? ne(user.id, existing.id) : undefined));
      if (dup) throw new BizError('accountExists');
    }
    if (typeof clean.email === 'string' && clean.email) {
      const [dup] = await this.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.email, clean.email), eq(user.isDeleted, 0), existing ? ne(user.id, existing.id) : undefined));
      if (dup) throw new BizError('emailExists');
    }
    // Roles, departments and posts must be the tenant's own.
    for (const [key, table, label] of [
      ['roleId', role, 'roleId'],
      ['deptId', dept, 'deptId'],
      ['postId', post, 'postId'],
    ] as const) {
      const wanted = typeof clean[key] === 'string' ? (clean[key] as string).split(',').filter(Boolean) : [];
      if (!wanted.length) continue;
      const found = await this.db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, wanted), eq(table.isDeleted, 0), eq(table.tenantId, tenantId)));
      if (found.length !== wanted.length) throw new BizError('invalidFormat', { field: label });
    }
    // Roles: nobody changes its own, or gives or takes one above its own; nobody edits an account above its own.
    if (existing) await this.privileges.assertCanAdminister(actor, [existing]);
    const roleSplit = (v: string) => v.split(',').filter(Boolean);
    const before = existing ? roleSplit(existing.roleId) : [];
    const after = typeof clean.roleId === 'string' ? roleSplit(clean.roleId) : before;
    await this.privileges.assertRoleChange(actor, { id: existing?.id, tenantId }, before, after);

    const now = new Date();
    const values = {
      ...(clean.account !== undefined ? { account: String(clean.account) } : {}),
      ...(clean.name !== undefined ? { name: String(clean.name) } : {}),
      ...(clean.realName !== undefined ? { realName: String(clean.realName) } : {}),
      ...(clean.email !== undefined ? { email: clean.email ? String(clean.email) : null } : {}),
      ...(clean.phone !== undefined ? { phone: String(clean.phone) } : {}),
      ...(clean.phoneDiallingCode !== undefined ? { phoneDiallingCode: String(clean.phoneDiallingCode) } : {}),
      ...(clean.sex !== undefined && clean.sex !== '' ? { sex: Number(clean.sex) } : {}),
      ...(birthday !== undefined ? { birthday } : {}),
      ...(clean.roleId !== undefined ? { roleId: String(clean.roleId) } : {}),
      ...(clean.deptId !== undefined ? { deptId: String(clean.deptId) } : {}),
      ...(clean.postId !== undefined ? { postId: String(clean.postId) } : {}),
      ...(clean.userType !== undefined && clean.userType !== '' ? { userType: Number(clean.userType) } : {}),
      ...(clean.code !== undefined ? { code: clean.code ? String(clean.code) : null } : {}),
      ...(clean.avatar !== undefined ? { avatar: String(clean.avatar) } : {}),
      ...(clean.status !== undefined && clean.status !== '' && existing?.status !== PENDING ? { status: Number(clean.status) === 0 ? 0 : 1 } : {}),
      ...(opts.guest && !existing ? { status: PENDING } : {}),
      ...(passwordHash ? { password: passwordHash } : {}),
      updateUser: actor.userId,
      updateTime: now,
    };
    return { existing, tenantId, values, passwordHash, now, version };
  }

  /** The tenant's account limit (`accountNumber` < 0: none), counting live accounts that are not waiting for approval. */
  async assertAccountRoom(tenantId: string, accountNumber: number, adding = 1): Promise<void> {
    if (accountNumber < 0) return;
    const [n] = await this.db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0), ne(user.status, PENDING)));
    if (Number(n?.n ?? 0) + adding > accountNumber) throw new BizError('accountLimit', { max: accountNumber });
  }

  private async write(p: Awaited<ReturnType<UserService['prepare']>>, actor: AuthUser, opts: SaveOptions): Promise<SaveResult> {
    const { existing, tenantId, values, passwordHash, now, version } = p;
    const id = existing?.id ?? nextId();
    // A new user without a password: its own random one (shown once) or, for imports, none usable yet.
    const generated = existing || passwordHash || opts.withoutPassword === 'unusable' ? undefined : generatePassword();
    const initial = existing || passwordHash ? undefined : generated ? await hashCanonical(canonicalPassword(generated)) : UNUSABLE_PASSWORD;
    await this.db.transaction(async (tx) => {
      if (existing) {
        const done = await tx
          .update(user)
          .set(values)
          .where(and(eq(user.id, id), eq(user.isDeleted, 0), version !== undefined ? eq(user.version, version) : undefined))
          .returning({ id: user.id });
        if (!done.length) throw version !== undefined ? new ConflictError() : new BizError('recordNotFound');
      } else {
        await tx.insert(user).values({
          account: '',
          password: passwordHash ?? initial!,
          ...(initial ? { mustChangePassword: 1 } : {}),
          ...values,
          id,
          tenantId,
          createUser: actor.userId,
          createDept: actor.deptIds[0] ?? null,
          createTime: now,
        });
      }
      if (values.deptId !== undefined) {
        await tx.delete(userDept).where(eq(userDept.userId, id));
        const depts = values.deptId.split(',').filter(Boolean);
        if (depts.length) await tx.insert(userDept).values(depts.map((deptId) => ({ id: nextId(), userId: id, deptId })));
      }
    });
    return generated ? { id, initialPassword: generated } : { id };
  }
}
