/**
 * Sign-in rules shared by both token contracts (BladeX `/oauth/token`, SpringBlade `/token`): client credentials,
 * captcha, lockout, tenant validity, password check (with legacy re-hash), roles, dept/role switching, tokens.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { BizError } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { client, role, tenant, user } from '../../db/schema.js';
import type { CaptchaService } from './captcha.service.js';
import type { LockoutService } from './lockout.service.js';
import { hashCanonical, verifyPassword } from './password.js';
import type { IssuedTokens, TokenService, TokenSubject } from './token.service.js';
import { PENDING } from './user-status.js';

export type ClientRow = typeof client.$inferSelect;
export type UserRow = typeof user.$inferSelect;

export interface SignInResult {
  tokens: IssuedTokens;
  subject: TokenSubject;
  user: UserRow;
  roleNames: string[];
}

export interface PasswordGrantInput {
  client: ClientRow;
  tenantId: string;
  account: string;
  /** md5 hex of the password. */
  canonicalPassword: string;
  ip: string;
  captchaKey?: string | undefined;
  captchaCode?: string | undefined;
  deptId?: string | undefined;
  roleId?: string | undefined;
  userType?: string | undefined;
}

export interface AuthServiceOptions {
  captcha: boolean;
  switchMode: boolean;
}

const splitIds = (s: string | null | undefined) => (s ? s.split(',').filter(Boolean) : []);

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly captcha: CaptchaService,
    private readonly lockout: LockoutService,
    private readonly opts: AuthServiceOptions,
  ) {}

  /** `Authorization: Basic base64(clientId:secret)` against blade_client (secrets stored as sha256). */
  async authenticateClient(header: string | undefined): Promise<ClientRow> {
    const fail = () => new BizError('clientAuthFailed', {}, 401, 401);
    if (!header) throw fail();
    const m = /^basic(?:\s|%20)+(.+)$/i.exec(header.trim());
    if (!m) throw fail();
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const idx = decoded.indexOf(':');
    if (idx <= 0) throw fail();
    const clientId = decoded.slice(0, idx);
    const secretHash = createHash('sha256').update(decoded.slice(idx + 1)).digest();
    const [row] = await this.db
      .select()
      .from(client)
      .where(and(eq(client.clientId, clientId), eq(client.isDeleted, 0)));
    if (!row || row.status !== 1) throw fail();
    const stored = Buffer.from(row.clientSecret, 'hex');
    if (stored.length !== secretHash.length || !timingSafeEqual(stored, secretHash)) throw fail();
    return row;
  }

  assertGrantAllowed(c: ClientRow, grant: string): void {
    const allowed = c.authorizedGrantTypes.split(',').map((g) => g.trim());
    if (!allowed.includes(grant)) throw new BizError('grantNotSupported', { grant });
  }

  async passwordGrant(input: PasswordGrantInput): Promise<SignInResult> {
    if (this.opts.captcha && !(await this.captcha.verify(input.captchaKey, input.captchaCode))) {
      throw new BizError('badCaptcha');
    }
    const account = input.account.trim();
    if (!account || account.length > 45) throw new BizError('badCredentials');
    // Past the per-IP limit the address is slowed down (one evaluated attempt per delay period), never locked.
    const gate = await this.lockout.ipGate(input.ip);
    if (!gate.ok) throw new BizError('loginThrottled', { seconds: gate.retryAfterSeconds }, 429, 429);
    const locked = await this.lockout.isLocked(input.tenantId, account);
    const [row] = await this.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, input.tenantId), eq(user.account, account), eq(user.isDeleted, 0)));
    // Always verify (against a dummy hash when the account does not exist) so timing tells nothing.
    const check = await verifyPassword(locked ? undefined : row?.password, input.canonicalPassword);
    // A registration waiting for approval (status PENDING) with the right password is told so below, not here.
    if (locked || !row || !check.ok || (row.status !== 1 && row.status !== PENDING)) {
      await this.lockout.recordFailure(input.tenantId, account, input.ip, locked);
      throw new BizError('badCredentials');
    }
    await this.assertTenantUsable(input.tenantId);
    await this.lockout.recordSuccess(input.tenantId, account);
    if (check.rehash) {
      await this.db
        .update(user)
        .set({ password: await hashCanonical(input.canonicalPassword) })
        .where(eq(user.id, row.id));
    }
    const { subject, roleNames } = await this.subjectFor(row, input.client.clientId, input.deptId, input.roleId);
    if (row.status === PENDING) throw new BizError('registrationPending');
    subject.userType = input.userType ?? 'web';
    const tokens = await this.tokens.issue(subject, input.client);
    return { tokens, subject, user: row, roleNames };
  }

  async refreshGrant(
    c: ClientRow,
    refreshToken: string,
    deptId?: string,
    roleId?: string,
  ): Promise<SignInResult> {
    const s = await this.tokens.consumeRefresh(refreshToken);
    if (!s || s.clientId !== c.clientId) throw new BizError('refreshInvalid', {}, 401, 401);
    const [row] = await this.db.select().from(user).where(and(eq(user.id, s.userId), eq(user.isDeleted, 0)));
    if (!row || row.status !== 1) {
      await this.tokens.revokeSession(s.id, 'user-disabled');
      throw new BizError('refreshInvalid', {}, 401, 401);
    }
    await this.assertTenantUsable(row.tenantId);
    // Without switch headers keep the session's chosen dept/role (as far as the user still has them).
    const keepDept = deptId ?? (s.deptId && !s.deptId.includes(',') ? s.deptId : undefined);
    const keepRole = roleId ?? (s.roleId && !s.roleId.includes(',') ? s.roleId : undefined);
    const { subject, roleNames } = await this.subjectFor(row, c.clientId, keepDept, keepRole);
    const tokens = await this.tokens.rotate(s, subject, c);
    return { tokens, subject, user: row, roleNames };
  }

  /** The avatar a user stored (empty when none or the user is gone). */
  async storedAvatar(userId: string, tenantId: string): Promise<string> {
    const [row] = await this.db
      .select({ avatar: user.avatar })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
    return row?.avatar ?? '';
  }

  async assertTenantUsable(tenantId: string): Promise<void> {
    const [t] = await this.db
      .select({ expireTime: tenant.expireTime, status: tenant.status })
      .from(tenant)
      .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
    if (!t) throw new BizError('tenantNotFound');
    if (t.status !== 1 || (t.expireTime && t.expireTime.getTime() < Date.now())) throw new BizError('tenantExpired');
  }

  /** Claims for a user; with switch mode, Dept-Id/Role-Id narrow them to one dept/role the user really has. */
  async subjectFor(
    row: UserRow,
    clientId: string,
    deptId?: string,
    roleId?: string,
  ): Promise<{ subject: TokenSubject; roleNames: string[] }> {
    let roleIds = splitIds(row.roleId);
    let deptIds = splitIds(row.deptId);
    if (this.opts.switchMode) {
      if (roleId && roleIds.includes(roleId)) roleIds = [roleId];
      if (deptId && deptIds.includes(deptId)) deptIds = [deptId];
    }
    const roles = roleIds.length
      ? await this.db
          .select({ id: role.id, alias: role.roleAlias, name: role.roleName })
          .from(role)
          .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0), eq(role.tenantId, row.tenantId)))
      : [];
    if (roles.length === 0) throw new BizError('noRole');
    return {
      subject: {
        userId: row.id,
        tenantId: row.tenantId,
        account: row.account,
        nickName: row.name ?? row.realName ?? row.account,
        realName: row.realName ?? '',
        roleIds: roles.map((r) => r.id),
        roleAliases: roles.map((r) => r.alias),
        deptIds,
        postIds: splitIds(row.postId),
        clientId,
      },
      roleNames: roles.map((r) => r.name),
    };
  }
}
