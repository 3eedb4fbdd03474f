/** The mail module's statements: configurations (the enabled one, by id in a scope, enabling one) and the outbox. */
import { and, eq, ne } from 'drizzle-orm';
import type { Actor, TenantScope } from '../../kernel/types.js';
import type { Db } from '../../db/client.js';
import { mailConfig, mailOutbox } from './mail.tables.js';

export type MailRow = typeof mailConfig.$inferSelect;
export type OutboxInsert = typeof mailOutbox.$inferInsert;

/** `status` of the enabled configuration (as Blade's storage and SMS configurations: 1 = off, 2 = on). */
export const ENABLED = 2;

export async function enabledConfig(db: Db, tenantId: string): Promise<MailRow | undefined> {
  const [row] = await db
    .select()
    .from(mailConfig)
    .where(and(eq(mailConfig.tenantId, tenantId), eq(mailConfig.status, ENABLED), eq(mailConfig.isDeleted, 0)));
  return row;
}

/** A live configuration by id in the caller's tenant (platform users: any). */
export async function configById(db: Db, scope: TenantScope, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailConfig).where(scope.where(mailConfig, eq(mailConfig.id, id), eq(mailConfig.isDeleted, 0)));
  return row;
}

/** Makes the configuration its tenant's only enabled one (the others off first: one enabled per tenant is unique). */
export async function enableConfig(tx: Db, row: Pick<MailRow, 'id' | 'tenantId'>, actor: Actor): Promise<void> {
  const stamp = { updateTime: new Date(), updateUser: actor.userId };
  await tx
    .update(mailConfig)
    .set({ status: 1, ...stamp })
    .where(and(eq(mailConfig.tenantId, row.tenantId), eq(mailConfig.status, ENABLED), ne(mailConfig.id, row.id)));
  await tx.update(mailConfig).set({ status: ENABLED, ...stamp }).where(eq(mailConfig.id, row.id));
}

export async function insertOutbox(db: Db, row: OutboxInsert): Promise<void> {
  await db.insert(mailOutbox).values(row);
}
