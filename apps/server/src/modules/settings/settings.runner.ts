/**
 * Carries settings commands to devices (settings.state.ts for the states). A `settings.deliver` job per command
 * sends it when its device is online: `settings.write`, then `settings.read` of the same keys; the `settings.sweep`
 * job expires what waited past its TTL, ends commands whose process died while they were out (timed out, never
 * stuck as sent), and hands queued commands of devices that came back online to `settings.deliver`. Commands and
 * jobs are rows: a restart loses neither. The end of every command is written to the operation log, and a success
 * to the device's settings versions, in the transaction that ends it.
 */
import { sql } from 'drizzle-orm';
import { sameSettingValue } from '@helio/contracts/modules/settings/settings-values';
import type { CommandState } from '@helio/contracts/modules/settings/settings.api';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import type { Db } from '../../db/client.js';
import type { ModuleContext } from '../../kernel/types.js';
import { afterWrite } from './settings.state.js';
import { COMMAND_COLUMNS, rowsOf, type Row } from './settings.data.js';

export const DELIVER_JOB = 'settings.deliver';
export const SWEEP_JOB = 'settings.sweep';
/** How long after its answer deadline a command still out is taken for abandoned (its process stopped). */
const ABANDON_GRACE_MS = 60_000;

export const deliverKey = (id: string) => `settings.deliver:${id}`;

type Reply = { ok: true; result?: unknown } | { ok: false; error: string } | 'no_answer' | 'path_down' | 'unknown_device';

async function send(ctx: ModuleContext, sn: string, method: string, params: Record<string, unknown>, timeoutMs: number): Promise<Reply> {
  try {
    const r = await ctx.devices.send({ sn, method, params, timeoutMs });
    return r.ok ? { ok: true, result: r.result } : { ok: false, error: r.error ?? 'failed' };
  } catch (e) {
    if (e instanceof BizError && e.status === 504) return 'no_answer';
    if (e instanceof BizError && e.status === 503) return 'path_down';
    if (e instanceof BizError && e.status === 404) return 'unknown_device';
    throw e;
  }
}

/**
 * Moves command `id` from `from` to `to` (guarded), and when `to` is final writes the log rows and, on success, the
 * next settings version — all in one transaction. False when the command was no longer in `from`.
 */
export async function moveCommand(ctx: ModuleContext, id: string, from: CommandState | readonly CommandState[], to: CommandState, set: { reason?: string | null; verified?: number | null; readBack?: Record<string, unknown> } = {}): Promise<boolean> {
  const froms = Array.isArray(from) ? from : [from as CommandState];
  const final = ['succeeded', 'failed', 'timed_out', 'expired', 'rejected'].includes(to);
  return ctx.tx(async (tx) => {
    const [c] = await rowsOf<Row>(tx, sql`
      UPDATE helio_setting_command c SET state = ${to}, update_time = now(),
             reason = ${set.reason === undefined ? sql`c.reason` : set.reason},
             verified = ${set.verified === undefined ? sql`c.verified` : set.verified},
             sent_at = ${to === 'sent' ? sql`now()` : to === 'queued' ? sql`NULL` : sql`c.sent_at`},
             finished_at = ${final ? sql`now()` : sql`c.finished_at`}
       WHERE c.id = ${id} AND c.state IN ${sql`(${sql.join(froms.map((f) => sql`${f}`), sql`, `)})`}
       RETURNING ${COMMAND_COLUMNS}`);
    if (!c) return false;
    if (final) await recordEnd(tx, c, to, set.readBack);
    return true;
  });
}

async function recordEnd(tx: Db, c: Row, result: CommandState, readBack: Record<string, unknown> | undefined): Promise<void> {
  const items = (c.items ?? {}) as Record<string, unknown>;
  const old = (c.oldValues ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (v === undefined || v === null ? null : String(v));
  for (const [key, value] of Object.entries(items)) {
    await tx.execute(sql`
      INSERT INTO helio_setting_log (id, tenant_id, command_id, device_sn, device_type, item_key, old_value, new_value, result, verified, reason, operator, approve_user)
      VALUES (${nextId()}, ${c.tenantId}, ${c.id}, ${c.deviceSn}, ${c.deviceType}, ${key}, ${text(old[key])}, ${text(value)}, ${result},
              ${c.verified === null || c.verified === undefined ? null : Number(c.verified)}, ${(c.reason as string | null) ?? null}, ${(c.createUser as string | null) ?? null}, ${(c.approveUser as string | null) ?? null})`);
  }
  if (result !== 'succeeded') return;
  // One version at a time per device: the device row is the lock.
  await tx.execute(sql`SELECT id FROM helio_device WHERE device_sn = ${c.deviceSn} AND is_deleted = 0 FOR UPDATE`);
  // Numbers run on per SN (unique); the values carried on are this tenant's own.
  const [cur] = await rowsOf<{ values: Record<string, unknown> }>(tx, sql`
    SELECT setting_values AS values FROM helio_setting_version WHERE device_sn = ${c.deviceSn} AND tenant_id = ${c.tenantId} ORDER BY version_no DESC LIMIT 1`);
  const changed = { ...items, ...(readBack ?? {}) };
  const values = { ...(cur?.values ?? {}), ...changed };
  await tx.execute(sql`
    INSERT INTO helio_setting_version (id, tenant_id, device_sn, version_no, setting_values, changed, command_id, create_user)
    VALUES (${nextId()}, ${c.tenantId}, ${c.deviceSn}, (SELECT coalesce(max(version_no), 0) + 1 FROM helio_setting_version WHERE device_sn = ${c.deviceSn}), ${JSON.stringify(values)}::jsonb, ${JSON.stringify(changed)}::jsonb, ${c.id}, ${(c.createUser as string | null) ?? null})`);
}

/** The `settings.deliver` job: one command to its device, if it is due and the device is online. */
export async function deliver(ctx: ModuleContext, id: string): Promise<void> {
  // Claim it: queued, not expired, its device online. Otherwise the sweep expires it or brings it back later.
  const [c] = await rowsOf<Row>(ctx.db, sql`
    UPDATE helio_setting_command c SET state = 'sent', sent_at = now(), update_time = now()
      FROM helio_device d
     WHERE c.id = ${id} AND c.state = 'queued' AND c.expires_at > now()
       AND d.device_sn = c.device_sn AND d.is_deleted = 0 AND (d.online OR d.network_status IN (0, 2))
     RETURNING ${COMMAND_COLUMNS}`);
  if (!c) return;
  const sn = String(c.deviceSn);
  const items = (c.items ?? {}) as Record<string, unknown>;
  const timeoutMs = Number(c.timeoutMs);
  let write: Reply;
  try {
    write = await send(ctx, sn, 'settings.write', { commandId: id, items }, timeoutMs);
  } catch (e) {
    await moveCommand(ctx, id, 'sent', 'queued');
    throw e;
  }
  const next = afterWrite(write === 'no_answer' || write === 'path_down' || write === 'unknown_device' ? write : write.ok ? { ok: true } : write);
  if (next.state !== 'delivered') {
    await moveCommand(ctx, id, 'sent', next.state, { reason: next.reason });
    return;
  }
  await moveCommand(ctx, id, 'sent', 'delivered');
  // Read the values back: verified only when every one matches.
  const read = await send(ctx, sn, 'settings.read', { commandId: id, keys: Object.keys(items) }, timeoutMs).catch(() => 'no_answer' as const);
  if (typeof read === 'object' && read.ok) {
    const values = ((read.result as { values?: Record<string, unknown> } | null)?.values ?? {}) as Record<string, unknown>;
    const differ = Object.keys(items).filter((k) => !sameSettingValue(values[k], items[k]));
    await moveCommand(ctx, id, 'delivered', 'succeeded', {
      verified: differ.length ? 0 : 1,
      reason: differ.length ? `read back differs: ${differ.map((k) => `${k}=${String(values[k] ?? '∅')}`).join(', ')}`.slice(0, 500) : null,
      readBack: Object.fromEntries(Object.keys(items).filter((k) => k in values).map((k) => [k, values[k]])),
    });
  } else {
    await moveCommand(ctx, id, 'delivered', 'succeeded', { verified: 0, reason: typeof read === 'object' ? `read back refused: ${read.ok ? '' : read.error}`.slice(0, 500) : 'read back: no answer' });
  }
}

/** The `settings.sweep` job. */
export async function sweep(ctx: ModuleContext): Promise<void> {
  const expired = await rowsOf<{ id: string; state: CommandState }>(ctx.db, sql`
    SELECT id::text AS id, state FROM helio_setting_command WHERE state IN ('pending_approval', 'queued') AND expires_at <= now() LIMIT 500`);
  for (const e of expired) await moveCommand(ctx, e.id, e.state, 'expired', { reason: e.state === 'queued' ? 'device offline until the command expired' : 'not approved in time' });
  const abandoned = await rowsOf<{ id: string; state: CommandState }>(ctx.db, sql`
    SELECT id::text AS id, state FROM helio_setting_command
     WHERE state IN ('sent', 'delivered') AND sent_at + make_interval(secs => (2 * timeout_ms + ${ABANDON_GRACE_MS}) / 1000.0) < now() LIMIT 500`);
  for (const a of abandoned) {
    await moveCommand(ctx, a.id, a.state, a.state === 'sent' ? 'timed_out' : 'succeeded', a.state === 'sent' ? { reason: 'no answer from the device' } : { verified: 0, reason: 'read back: no answer' });
  }
  const due = await rowsOf<{ id: string }>(ctx.db, sql`
    SELECT c.id::text AS id FROM helio_setting_command c JOIN helio_device d ON d.device_sn = c.device_sn AND d.is_deleted = 0
     WHERE c.state = 'queued' AND c.expires_at > now() AND (d.online OR d.network_status IN (0, 2))
     ORDER BY c.create_time LIMIT 1000`);
  // One statement for the lot (a thousand devices back online at once: one INSERT, not a thousand).
  await ctx.jobs.enqueueMany(DELIVER_JOB, due.map((d) => ({ payload: { id: d.id }, key: deliverKey(d.id) })));
}
