/**
 * User administration rules (spec §3 User, §5): every field checked on the server with the spec's messages,
 * account and email unique within the tenant, mobile numbers of 11 digits where the dialling code calls for it,
 * roles/departments/posts must exist in the user's tenant, the tenant's account limit, passwords by the policy.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { USER_RULES } from '@helio/contracts/modules/user/user.schema';
import { ELEVEN_DIGIT_MOBILE_CODES } from '@helio/contracts/validation';
import type { AuthUser } from '../../core/access.js';
import { parseDateTime } from '../../core/dates.js';
import { BizError, ValidationError } from '../../core/errors.js';
import { msg, type Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { tenantForInsert } from '../../core/tenant.js';
import { violationMessages } from '../../core/validate.js';
import { checkRules } from '@helio/contracts/validation';
import type { Db } from '../../db/client.js';
import { dept, post, role, tenant, user, userDept } from '../../db/schema.js';
import { canonicalPassword, hashCanonical, isStrongPassword } from '../auth/password.js';
import { paramValue } from '../system/param.repository.js';

export interface SaveOptions {
  requirePassword?: boolean;
  /** Self-registration: no roles, phone or dialling code yet (an administrator adds them). */
  guest?: boolean;
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
}

const ids = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((x) => x.trim()).filter((x) => isId(x));

export class UserService {
  constructor(private readonly db: Db) {}

  async initPassword(): Promise<string> {
    return (await paramValue(this.db, 'account.initPassword')) ?? '';
  }

  /**
   * Validates and saves (insert without id, update with id). Returns the user id. All messages in `lang`;
   * several problems are reported together.
   */
  /** Runs every check of `save` without writing (imports validate all rows first). */
  async validateOnly(input: UserInput, actor: AuthUser, lang: Lang): Promise<void> {
    await this.prepare(input, actor, lang, {});
  }

  async save(input: UserInput, actor: AuthUser, lang: Lang, opts: SaveOptions = {}): Promise<string> {
    const p = await this.prepare(input, actor, lang, opts);
    return this.write(p, actor);
  }

  private initHash?: { value: string; hash: Promise<string> };

  /** argon2id of the initial password, computed once per value (imports create many users without one). */
  private async initPasswordHash(): Promise<string> {
    const value = await this.initPassword();
    if (this.initHash?.value !== value) this.initHash = { value, hash: hashCanonical(canonicalPassword(value)) };
    return this.initHash.hash;
  }

  private async prepare(input: UserInput, actor: AuthUser, lang: Lang, opts: SaveOptions) {
    const updating = !!input.id;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) clean[k] = typeof v === 'string' ? v.trim() : v;
    clean.roleId = ids(input.roleId).join(',');
    clean.deptId = ids(input.deptId).join(',');
    clean.postId = ids(input.postId).join(',');
    if (updating) for (const k of ['roleId', 'deptId', 'postId']) if (input[k as keyof UserInput] === undefined) delete clean[k];

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
    const tenantId = existing?.tenantId ?? tenantForInsert(actor, input.tenantId);

    if (!existing) {
      const [t] = await this.db.select().from(tenant).where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
      if (!t) throw new BizError('tenantNotFound');
      if (t.accountNumber >= 0) {
        const [n] = await this.db.select({ n: count() }).from(user).where(and(eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
        if (Number(n?.n ?? 0) >= t.accountNumber) throw new BizError('accountLimit', { max: t.accountNumber });
      }
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
      ...(clean.status !== undefined && clean.status !== '' ? { status: Number(clean.status) === 0 ? 0 : 1 } : {}),
      ...(passwordHash ? { password: passwordHash } : {}),
      updateUser: actor.userId,
      updateTime: now,
    };
    return { existing, tenantId, values, passwordHash, now };
  }

  private async write(p: Awaited<ReturnType<UserService['prepare']>>, actor: AuthUser): Promise<string> {
    const { existing, tenantId, values, passwordHash, now } = p;
    const id = existing?.id ?? nextId();
    const initHash = existing || passwordHash ? undefined : await this.initPasswordHash();
    await this.db.transaction(async (tx) => {
      if (existing) {
        await tx.update(user).set(values).where(eq(user.id, id));
      } else {
        await tx.insert(user).values({
          account: '',
          password: passwordHash ?? initHash!,
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
    return id;
  }
}
