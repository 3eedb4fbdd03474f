/**
 * The fleet-wide approvals list (contracts `approvalList`): grid-code commands waiting for a second person, and the
 * ones a second person decided, across every device the caller sees (tenant and station scope: `rowVisible`),
 * waiting ones first, then the latest decisions. Approving and rejecting stay `SettingsIssueService`'s (the requester
 * cannot approve their own command).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalState } from '@helio/contracts/modules/settings/settings.api';
import { page } from '../../core/envelope.js';
import type { Lang } from '../../core/i18n.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { COMMAND_COLUMNS, namedCommands, rowsOf, rowVisible } from './settings.data.js';

export interface ApprovalQuery {
  state?: ApprovalState | undefined;
  deviceSn?: string | undefined;
  current?: number | undefined;
  size?: number | undefined;
}

/** Conditions on `helio_setting_command c` for each state of an approval. */
const STATE: Record<ApprovalState, SQL> = {
  pending: sql`c.state = 'pending_approval'`,
  approved: sql`c.approve_time IS NOT NULL AND c.state <> 'rejected'`,
  rejected: sql`c.approve_time IS NOT NULL AND c.state = 'rejected'`,
};

const approvalOf = (state: string, approveTime: unknown): ApprovalState =>
  state === 'pending_approval' ? 'pending' : state === 'rejected' ? 'rejected' : approveTime ? 'approved' : 'pending';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function approvalPage(ctx: ModuleContext, actor: Actor, lang: Lang, q: ApprovalQuery) {
  const size = Math.min(q.size ?? 10, ctx.config.maxPageSize);
  const current = q.current ?? 1;
  const parts: SQL[] = [rowVisible(actor, 'c'), sql`c.grid_code = 1`, q.state ? STATE[q.state] : sql`(${STATE.pending} OR c.approve_time IS NOT NULL)`];
  const sn = q.deviceSn?.trim();
  if (sn) parts.push(sql`c.device_sn ILIKE ${`%${likeEscape(sn)}%`}`);
  const rows = await rowsOf(ctx.db, sql`
    SELECT ${COMMAND_COLUMNS}, ru.real_name AS "requesterName", au.real_name AS "approverName", p.plant_name AS "plantName",
           count(*) over () AS __total
      FROM helio_setting_command c
      LEFT JOIN blade_user ru ON ru.id = c.create_user
      LEFT JOIN blade_user au ON au.id = c.approve_user
      LEFT JOIN helio_device dv ON dv.id = c.device_id
      LEFT JOIN helio_plant p ON p.id = dv.plant_id
     WHERE ${sql.join(parts, sql` AND `)}
     ORDER BY (c.state = 'pending_approval') DESC, coalesce(c.approve_time, c.create_time) DESC, c.id DESC
     LIMIT ${size} OFFSET ${(current - 1) * size}`);
  const commands = await namedCommands(ctx.db, lang, rows);
  const records = commands.map((c, i) => {
    const r = rows[i]!;
    const approval = approvalOf(c.state, r.approveTime);
    return {
      ...c,
      approval,
      requesterName: (r.requesterName as string | null) ?? null,
      approverName: (r.approverName as string | null) ?? null,
      plantName: (r.plantName as string | null) ?? null,
      canDecide: approval === 'pending' && c.createUser !== actor.userId,
    };
  });
  return page(records, Number(rows[0]?.__total ?? 0), current, size);
}
