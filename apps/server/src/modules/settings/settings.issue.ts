/**
 * Issuing settings (`POST device/setup/commonSetup/issue`), approving grid-code commands and restoring a previous
 * version. Every value is checked against the target device's items before anything is stored or sent (unknown
 * item, wrong type, out of range: a 400 naming the item in the caller's language); then one command per device, in
 * one transaction, and a delivery job per command that does not wait for approval.
 */
import { sql } from 'drizzle-orm';
import { checkSettingValue } from '@helio/contracts/modules/settings/settings-values';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import { paramValue } from '../../core/params.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import {
  COMMAND_COLUMNS,
  currentSettings,
  type CommandVO,
  type DeviceFilter,
  type DeviceRow,
  fail,
  itemName,
  itemsFor,
  matchingDevices,
  namedCommands,
  rowsOf,
  rowVisible,
  visibleDevice,
} from './settings.data.js';
import { DELIVER_JOB, deliverKey, moveCommand } from './settings.runner.js';
import { initialState } from './settings.state.js';

/** The platform parameter that turns the second person's approval of grid-code items on (default) or off. */
export const APPROVAL_PARAM = 'settings.gridCode.approval';
export const MAX_TARGETS = 1000;
const DEFAULT_TIMEOUT_S = 30;
const DEFAULT_TTL_S = 86_400;

export interface IssueInput {
  deviceSn?: string | undefined;
  filter?: DeviceFilter | undefined;
  items: { key: string; value: number | string }[];
  timeoutSeconds?: number | undefined;
  ttlSeconds?: number | undefined;
}

export interface IssueResult {
  batchId: string;
  total: number;
  commands: CommandVO[];
}

export async function approvalOn(ctx: ModuleContext): Promise<boolean> {
  const v = (await paramValue(ctx.db, APPROVAL_PARAM))?.trim().toLowerCase();
  return !(v === 'false' || v === '0' || v === 'off' || v === 'no');
}

export class SettingsIssueService {
  constructor(private readonly ctx: ModuleContext) {}

  async issue(actor: Actor, lang: Lang, input: IssueInput, restoreOf?: string): Promise<IssueResult> {
    if (input.items.length === 0) fail(lang, 'empty');
    const { ctx } = this;
    let devices: DeviceRow[];
    if (input.deviceSn) {
      const d = await visibleDevice(ctx.db, actor, input.deviceSn);
      if (!d) throw new BizError('deviceUnknown', {}, 404);
      devices = [d];
    } else if (input.filter) {
      devices = await matchingDevices(ctx.db, actor, input.filter, MAX_TARGETS + 1);
      if (devices.length > MAX_TARGETS) fail(lang, 'tooManyTargets', { max: MAX_TARGETS });
    } else devices = [];
    if (devices.length === 0) fail(lang, 'noTarget');

    // Check every value against the items of each (type, model) first: nothing is stored unless all pass.
    const checked = new Map<string, { values: Record<string, number | string>; gridCode: boolean; defaults: Record<string, string | null> }>();
    for (const d of devices) {
      const group = `${d.deviceType}|${d.model ?? ''}`;
      if (checked.has(group)) continue;
      const items = new Map((await itemsFor(ctx.db, d.deviceType, d.model)).map((i) => [i.itemKey, i]));
      const values: Record<string, number | string> = {};
      const defaults: Record<string, string | null> = {};
      let gridCode = false;
      for (const { key, value } of input.items) {
        const item = items.get(key);
        if (!item) fail(lang, 'unknownItem', { name: key });
        const r = checkSettingValue(item, value);
        if ('problem' in r) fail(lang, r.problem, { name: itemName(lang, item), ...r.params });
        values[key] = r.value;
        defaults[key] = item.defaultValue;
        gridCode ||= item.gridCode === 1;
      }
      checked.set(group, { values, gridCode, defaults });
    }

    const approval = await approvalOn(ctx);
    const batchId = nextId();
    const timeoutMs = (input.timeoutSeconds ?? DEFAULT_TIMEOUT_S) * 1000;
    const expiresAt = new Date(Date.now() + (input.ttlSeconds ?? DEFAULT_TTL_S) * 1000);
    const currents = new Map<string, Record<string, unknown>>();
    for (const d of devices) currents.set(d.deviceSn, (await currentSettings(ctx.db, d.deviceSn, d.tenantId)).values);
    const ids = await ctx.tx(async (tx) => {
      const out: { id: string; state: string }[] = [];
      for (const d of devices) {
        const g = checked.get(`${d.deviceType}|${d.model ?? ''}`)!;
        const cur = currents.get(d.deviceSn)!;
        const old = Object.fromEntries(Object.keys(g.values).map((k) => [k, cur[k] ?? g.defaults[k] ?? null]));
        const id = nextId();
        const state = initialState(g.gridCode, approval);
        await tx.execute(sql`
          INSERT INTO helio_setting_command (id, tenant_id, batch_id, device_id, device_sn, device_type, items, old_values, state, grid_code,
                                             timeout_ms, expires_at, restore_of, create_user, update_user)
          VALUES (${id}, ${d.tenantId}, ${batchId}, ${d.id}, ${d.deviceSn}, ${d.deviceType}, ${JSON.stringify(g.values)}::jsonb, ${JSON.stringify(old)}::jsonb,
                  ${state}, ${g.gridCode ? 1 : 0}, ${timeoutMs}, ${expiresAt.toISOString()}::timestamptz, ${restoreOf ?? null}, ${actor.userId}, ${actor.userId})`);
        out.push({ id, state });
      }
      return out;
    });
    for (const c of ids) if (c.state === 'queued') await ctx.jobs.enqueue(DELIVER_JOB, { id: c.id }, { key: deliverKey(c.id) });
    const rows = await rowsOf(ctx.db, sql`SELECT ${COMMAND_COLUMNS} FROM helio_setting_command c WHERE c.batch_id = ${batchId} ORDER BY c.device_sn LIMIT 200`);
    return { batchId, total: ids.length, commands: await namedCommands(ctx.db, lang, rows) };
  }

  /** A second person lets a grid-code command go. */
  async approve(actor: Actor, lang: Lang, id: string): Promise<CommandVO> {
    const c = await this.pending(actor, lang, id);
    if (String(c.createUser) === actor.userId) fail(lang, 'ownApproval');
    const [moved] = await rowsOf(this.ctx.db, sql`
      UPDATE helio_setting_command c SET state = 'queued', approve_user = ${actor.userId}, approve_time = now(), update_user = ${actor.userId}, update_time = now()
       WHERE c.id = ${id} AND c.state = 'pending_approval' RETURNING ${COMMAND_COLUMNS}`);
    if (!moved) fail(lang, 'notPending');
    await this.ctx.jobs.enqueue(DELIVER_JOB, { id }, { key: deliverKey(id) });
    return (await namedCommands(this.ctx.db, lang, [moved]))[0]!;
  }

  async reject(actor: Actor, lang: Lang, id: string, reason?: string): Promise<CommandVO> {
    await this.pending(actor, lang, id);
    await rowsOf(this.ctx.db, sql`UPDATE helio_setting_command SET approve_user = ${actor.userId}, approve_time = now() WHERE id = ${id} AND state = 'pending_approval'`);
    if (!(await moveCommand(this.ctx, id, 'pending_approval', 'rejected', { reason: (reason ?? '').trim() || 'rejected' }))) fail(lang, 'notPending');
    return this.detail(actor, lang, id);
  }

  async detail(actor: Actor, lang: Lang, id: string): Promise<CommandVO> {
    const [c] = await rowsOf(this.ctx.db, sql`SELECT ${COMMAND_COLUMNS} FROM helio_setting_command c WHERE c.id = ${id} AND ${rowVisible(actor, 'c')}`);
    if (!c) throw new BizError('recordNotFound', {}, 404);
    return (await namedCommands(this.ctx.db, lang, [c]))[0]!;
  }

  /** Re-issues the values of version `id` that differ from the device's current ones. */
  async restore(actor: Actor, lang: Lang, id: string, timing: { timeoutSeconds?: number | undefined; ttlSeconds?: number | undefined }): Promise<IssueResult> {
    const [v] = await rowsOf<{ deviceSn: string; tenantId: string; values: Record<string, unknown> }>(this.ctx.db, sql`
      SELECT v.device_sn AS "deviceSn", v.tenant_id AS "tenantId", v.setting_values AS values FROM helio_setting_version v
       WHERE v.id = ${id} AND ${rowVisible(actor, 'v')}`);
    if (!v) fail(lang, 'versionUnknown');
    const cur = (await currentSettings(this.ctx.db, v.deviceSn, v.tenantId)).values;
    const items = Object.entries(v.values ?? {})
      .filter(([k, value]) => String(cur[k]) !== String(value) && (typeof value === 'number' || typeof value === 'string'))
      .map(([key, value]) => ({ key, value: value as number | string }));
    if (items.length === 0) fail(lang, 'nothingToRestore');
    return this.issue(actor, lang, { deviceSn: v.deviceSn, items, ...timing }, id);
  }

  private async pending(actor: Actor, lang: Lang, id: string) {
    const c = await this.detail(actor, lang, id);
    if (c.state !== 'pending_approval') fail(lang, 'notPending');
    return c;
  }
}
