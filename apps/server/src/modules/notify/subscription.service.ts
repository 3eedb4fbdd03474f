/**
 * The caller's own alarm subscriptions: list, one, save (insert or update), remove. Every statement is pinned to
 * the caller's tenant and user id (another user's subscription is answered as a missing one); stations named must
 * be stations the caller can see (the station module's data scope). Whether the caller still sees them when an
 * alarm happens is checked again then (recipients.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { MAX_SUBSCRIPTIONS, type NotifyChannel } from '@helio/contracts/modules/notify/notify.api';
import { formatDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { isPlatform } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { stationScope } from '../station/index.js';
import type { ChannelRegistry } from './channels.js';
import { rowsOf, idArray } from '../../db/rows.js';

export interface SubscriptionInput {
  id?: string;
  name?: string;
  plantIds: string[];
  minSeverity: number;
  categories: string[];
  channels: NotifyChannel[];
  quietStart?: string | null;
  quietEnd?: string | null;
  recovery: boolean;
  escalation: boolean;
  enabled: boolean;
}

type Row = Record<string, unknown>;

const SELECT = sql`SELECT s.id::text AS id, s.name, s.plant_ids AS "plantIds", s.min_severity AS "minSeverity", s.categories, s.channels,
  s.quiet_start AS "quietStart", s.quiet_end AS "quietEnd", s.recovery, s.escalation, s.enabled,
  s.create_time AS "createTime", s.update_time AS "updateTime" FROM helio_alarm_subscription s`;

export class SubscriptionService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly channels: ChannelRegistry,
  ) {}

  private own(actor: Actor): SQL {
    return sql`s.tenant_id = ${actor.tenantId} AND s.user_id = ${actor.userId} AND s.is_deleted = 0`;
  }

  async list(actor: Actor) {
    const rows = await rowsOf(this.ctx.db, sql`${SELECT} WHERE ${this.own(actor)} ORDER BY s.create_time, s.id`);
    return this.vos(actor, rows);
  }

  async detail(actor: Actor, id: string) {
    if (!isId(id)) throw new BizError('recordNotFound');
    const rows = await rowsOf(this.ctx.db, sql`${SELECT} WHERE s.id = ${id} AND ${this.own(actor)}`);
    if (rows.length === 0) throw new BizError('recordNotFound');
    return (await this.vos(actor, rows))[0]!;
  }

  async save(actor: Actor, input: SubscriptionInput) {
    const quietStart = input.quietStart || null;
    const quietEnd = input.quietEnd || null;
    if ((quietStart === null) !== (quietEnd === null)) throw new BizError('invalidParam', { param: quietStart === null ? 'quietStart' : 'quietEnd' });
    if (quietStart !== null && quietStart === quietEnd) throw new BizError('invalidParam', { param: 'quietEnd' });
    const plantIds = [...new Set(input.plantIds)];
    const id = input.id || undefined;
    return this.ctx.tx(async (tx) => {
      if (plantIds.length) {
        const seen = await rowsOf<{ id: string }>(tx, sql`SELECT helio_plant.id::text AS id FROM helio_plant
          WHERE helio_plant.id = ANY(${idArray(plantIds)}) AND helio_plant.is_deleted = 0 ${isPlatform(actor) ? sql`` : sql`AND helio_plant.tenant_id = ${actor.tenantId}`}
            AND ${stationScope(actor) ?? sql`true`}`);
        if (seen.length !== plantIds.length) throw new BizError('invalidParam', { param: 'plantIds' });
      }
      const values = {
        name: input.name?.trim() || null, plantIds: JSON.stringify(plantIds), categories: JSON.stringify([...new Set(input.categories)]),
        channels: JSON.stringify([...new Set(input.channels)]),
      };
      const flags = sql`${input.recovery ? 1 : 0}, ${input.escalation ? 1 : 0}, ${input.enabled ? 1 : 0}`;
      let saved: string;
      if (id) {
        const done = await rowsOf<{ id: string }>(tx, sql`
          UPDATE helio_alarm_subscription s SET name = ${values.name}, plant_ids = ${values.plantIds}::jsonb, min_severity = ${input.minSeverity},
                 categories = ${values.categories}::jsonb, channels = ${values.channels}::jsonb, quiet_start = ${quietStart}, quiet_end = ${quietEnd},
                 (recovery, escalation, enabled) = (${flags}), update_user = ${actor.userId}, update_time = now(), version = s.version + 1
           WHERE s.id = ${id} AND ${this.own(actor)} RETURNING s.id::text AS id`);
        if (done.length === 0) throw new BizError('recordNotFound');
        saved = id;
      } else {
        await tx.execute(sql`SELECT 1 FROM blade_user WHERE id = ${actor.userId} FOR UPDATE`); // one insert at a time per user: the cap holds
        const [{ n }] = (await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM helio_alarm_subscription s WHERE ${this.own(actor)}`)) as [{ n: number }];
        if (n >= MAX_SUBSCRIPTIONS) throw new BizError('invalidParam', { param: `id (${MAX_SUBSCRIPTIONS} subscriptions at most)` });
        saved = nextId();
        await tx.execute(sql`
          INSERT INTO helio_alarm_subscription (id, tenant_id, user_id, name, plant_ids, min_severity, categories, channels, quiet_start, quiet_end,
                 recovery, escalation, enabled, create_user, create_dept, update_user)
          VALUES (${saved}, ${actor.tenantId}, ${actor.userId}, ${values.name}, ${values.plantIds}::jsonb, ${input.minSeverity}, ${values.categories}::jsonb,
                  ${values.channels}::jsonb, ${quietStart}, ${quietEnd}, ${flags}, ${actor.userId}, ${actor.deptIds.find(isId) ?? null}, ${actor.userId})`);
      }
      const rows = await rowsOf(tx, sql`${SELECT} WHERE s.id = ${saved}`);
      return (await this.vos(actor, rows, tx))[0]!;
    });
  }

  async remove(actor: Actor, rawIds: string): Promise<{ removed: number }> {
    const ids = parseIds(rawIds);
    if (ids.length === 0 || ids.length > 100) throw new BizError('idsRequired');
    const done = await rowsOf(this.ctx.db, sql`
      UPDATE helio_alarm_subscription s SET is_deleted = 1, update_user = ${actor.userId}, update_time = now(), version = s.version + 1
       WHERE s.id = ANY(${idArray(ids)}) AND ${this.own(actor)} RETURNING s.id`);
    if (done.length === 0) throw new BizError('recordNotFound');
    return { removed: done.length };
  }

  /** Channels a sender exists for, and whether the caller has an address for each. */
  async channelInfo(actor: Actor) {
    const [u] = await rowsOf<{ phone: string | null; phoneDiallingCode: string | null; email: string | null }>(this.ctx.db, sql`
      SELECT phone, phone_dialling_code AS "phoneDiallingCode", email FROM blade_user WHERE id = ${actor.userId} AND tenant_id = ${actor.tenantId}`);
    return (['inapp', 'sms', 'mail'] as const).map((name) => {
      const entry = this.channels.get(name);
      const hasAddress = name === 'inapp' || (!!u && !!entry?.address({ userId: actor.userId, ...u }));
      return { name, available: this.channels.has(name), hasAddress };
    });
  }

  private async vos(actor: Actor, rows: Row[], db: Db = this.ctx.db) {
    const allPlants = [...new Set(rows.flatMap((r) => (r.plantIds as string[]) ?? []))].filter(isId);
    const names = new Map<string, string>();
    if (allPlants.length) {
      const visible = await rowsOf<{ id: string; name: string }>(db, sql`SELECT helio_plant.id::text AS id, helio_plant.plant_name AS name FROM helio_plant
        WHERE helio_plant.id = ANY(${idArray(allPlants)}) AND helio_plant.is_deleted = 0 AND helio_plant.tenant_id = ${actor.tenantId} AND ${stationScope(actor) ?? sql`true`}`);
      for (const v of visible) names.set(v.id, v.name);
    }
    return rows.map((r) => {
      const plantIds = ((r.plantIds as string[]) ?? []).map(String);
      return {
        id: String(r.id), name: (r.name as string) ?? null, plantIds, plantNames: plantIds.map((p) => names.get(p) ?? null),
        minSeverity: Number(r.minSeverity), categories: (r.categories as string[]) ?? [], channels: (r.channels as string[]) ?? [],
        quietStart: (r.quietStart as string) ?? null, quietEnd: (r.quietEnd as string) ?? null,
        recovery: Number(r.recovery) === 1, escalation: Number(r.escalation) === 1, enabled: Number(r.enabled) === 1,
        createTime: formatDateTime(r.createTime as Date), updateTime: formatDateTime(r.updateTime as Date),
      };
    });
  }
}
