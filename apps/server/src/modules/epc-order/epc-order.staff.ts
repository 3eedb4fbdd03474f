/**
 * Designated persons (spec §7 "designated person select and assign"): each must be staff of the order's agent
 * company with the role they are designated for, and not excluded from the company's orders — both answered by the
 * agent module's public entry.
 */
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../kernel/types.js';
import { isExcluded } from '../agent/index.js';
import { orderError } from './epc-order.messages.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';

export async function checkDesignated(reads: OrderReads, actor: Actor, row: OrderRow, byRole: Record<string, string[]>, lang: Lang, tx: Db): Promise<void> {
  if (!row.agentId) throw orderError(lang, 'agentRequired');
  const staff = await reads.deps.agent().service.staff(actor, { agentId: row.agentId }, lang);
  const byId = new Map(staff.map((s) => [s.id, s]));
  for (const [role, ids] of Object.entries(byRole)) {
    for (const id of ids) {
      const s = byId.get(id);
      if (!s) throw orderError(lang, 'notStaff', { id });
      if (await isExcluded(tx, row.agentId, id)) throw orderError(lang, 'excludedStaff', { id });
      if (!s.roles.some((r) => r.alias === role)) throw orderError(lang, 'wrongStaffRole', { id, role });
    }
  }
}
