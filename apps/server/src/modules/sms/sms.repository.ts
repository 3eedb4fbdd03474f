/**
 * The SMS module's statements: configurations (the enabled one, by code, by id in a scope; enabling one), the
 * outbox, and the accounts a phone belongs to (sign-in and password reset by verification code). Each takes the
 * database or the transaction it runs in.
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Actor, TenantScope } from '../../kernel/types.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { sms, smsOutbox } from '../../db/schema-resource.js';
import type { Phone } from './verification.js';

export type SmsRow = typeof sms.$inferSelect;
export type UserRow = typeof user.$inferSelect;

/** `status` of the enabled configuration (Blade: 1 = off, 2 = on). */
export const ENABLED = 2;

export async function enabledConfig(db: Db, tenantId: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(sms).where(and(eq(sms.tenantId, tenantId), eq(sms.status, ENABLED), eq(sms.isDeleted, 0)));
  return row;
}

export async function configByCode(db: Db, tenantId: string, code: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(sms).where(and(eq(sms.tenantId, tenantId), eq(sms.smsCode, code), eq(sms.isDeleted, 0)));
  return row;
}

/** A live configuration by id in the caller's tenant (platform users: any). */
export async function configById(db: Db, scope: TenantScope, id: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(sms).where(scope.where(sms, eq(sms.id, id), eq(sms.isDeleted, 0)));
  return row;
}

/** Makes the configuration its tenant's only enabled one (the others off first: one enabled per tenant is unique). */
export async function enableConfig(tx: Db, row: Pick<SmsRow, 'id' | 'tenantId'>, actor: Actor): Promise<void> {
  await tx.update(sms).set({ status: 1, updateTime: new Date(), updateUser: actor.userId }).where(and(eq(sms.tenantId, row.tenantId), eq(sms.status, ENABLED), ne(sms.id, row.id)));
  await tx.update(sms).set({ status: ENABLED, updateTime: new Date(), updateUser: actor.userId }).where(eq(sms.id, row.id));
}

export async function insertOutbox(db: Db, row: typeof smsOutbox.$inferInsert): Promise<void> {
  await db.insert(smsOutbox).values(row);
}

/** The one live account of a tenant with this phone (none when missing, disabled or ambiguous). */
export async function findUserByPhone(db: Db, tenantId: string, p: Phone): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(user)
    .where(
      and(
        eq(user.tenantId, tenantId),
        eq(user.phone, p.number),
        eq(user.isDeleted, 0),
        eq(user.status, 1),
        or(eq(user.phoneDiallingCode, p.dial), eq(user.phoneDiallingCode, p.dial.slice(1)), eq(user.phoneDiallingCode, ''), isNull(user.phoneDiallingCode)),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** A user's own phone and dialling code. */
export async function phoneOfUser(db: Db, userId: string): Promise<{ phone: string | null; dial: string | null } | undefined> {
  const [row] = await db.select({ phone: user.phone, dial: user.phoneDiallingCode }).from(user).where(eq(user.id, userId));
  return row;
}

export async function setPassword(tx: Db, userId: string, hash: string): Promise<void> {
  await tx.update(user).set({ password: hash, updateTime: new Date() }).where(eq(user.id, userId));
}
