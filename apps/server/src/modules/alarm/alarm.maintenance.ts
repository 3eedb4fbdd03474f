/**
 * An alarm that became a maintenance order (the maintenance module's `maintenance.opened`, after its commit): the
 * alarm's follow-up gets a record naming the order, and an unhandled alarm becomes "in progress" — the alarm list then
 * shows someone is on it, and the record says where.
 */
import { sql } from 'drizzle-orm';
import { nextId } from '../../core/ids.js';
import type { HelioEvents, ModuleContext } from '../../kernel/types.js';

const IN_PROGRESS = 1;

export async function onMaintenanceOpened(p: HelioEvents['maintenance.opened'], ctx: ModuleContext): Promise<void> {
  await ctx.tx(async (tx) => {
    await tx.execute(sql`
      INSERT INTO helio_alarm_record (id, tenant_id, alarm_id, handle_status, content, create_user, update_user)
      SELECT ${nextId()}, a.tenant_id, a.id, ${IN_PROGRESS}, ${`运维工单 ${p.orderNumber} / Maintenance order ${p.orderNumber}`}, ${p.userId}, ${p.userId}
        FROM helio_alarm a WHERE a.id = ${p.alarmId} AND a.tenant_id = ${p.tenantId}`);
    await tx.execute(sql`
      UPDATE helio_alarm SET handle_status = ${IN_PROGRESS}, handle_user = ${p.userId}, handle_time = now(), update_user = ${p.userId}, update_time = now()
       WHERE id = ${p.alarmId} AND tenant_id = ${p.tenantId} AND handle_status = 0`);
  });
}
