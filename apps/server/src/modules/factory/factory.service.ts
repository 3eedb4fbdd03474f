/**
 * Rules of the factory (exit-factory) lists beyond the shared field rules (spec §3, §5):
 *
 * - An SN is unique across all four lists (devices are addressed by SN alone on MQTT and in `helio_device`).
 * - A row in use (usage 1: registered to a station) cannot be removed, and its SN cannot be changed; the UPDATE and
 *   soft-delete statements repeat the condition, so a registration racing the request wins cleanly.
 * - The usage flag is never written here (registration sets it, unbinding clears it).
 * - Inverters: the warranty end is derived from its start and years when not given, and may not precede the start.
 * - Batteries: the parent inverter SN, when given, must exist in the inverter list.
 */
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@helio/contracts/crud/resource';
import { BizError } from '../../core/errors.js';
import type { CrudHooks, Row, TxCall, WriteCall } from '../../crud/register-crud.js';
import { FACTORY_TABLES } from '../station/index.js';
import type { DeviceKind } from '../../db/schema-device.js';

type FactoryTable = (typeof FACTORY_TABLES)[DeviceKind];

/** A business error that names the field it is about (import reports show it as the column). */
export function fieldError(field: string, key: ConstructorParameters<typeof BizError>[0], params: Record<string, string | number> = {}): BizError {
  return Object.assign(new BizError(key, params), { field });
}

/** `yyyy-MM-dd` + whole years − 1 day (a 5-year warranty from 2024-03-15 ends 2029-03-14). */
export function warrantyEnd(start: string, years: number): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(start);
  if (!m || !Number.isInteger(years) || years <= 0) return undefined;
  const d = new Date(Date.UTC(Number(m[1]) + years, Number(m[2]) - 1, Number(m[3])));
  // 29 February + N years lands on 1 March when the target year is not a leap year: end on 28 February then.
  if (d.getUTCDate() !== Number(m[3])) d.setUTCDate(0);
  else d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export function factoryHooks(kind: DeviceKind, def: ResourceDef): CrudHooks {
  const table: FactoryTable = FACTORY_TABLES[kind];
  const others = (Object.keys(FACTORY_TABLES) as DeviceKind[]).filter((k) => k !== kind).map((k) => FACTORY_TABLES[k]);
  const snLabel = def.fields.find((f) => f.key === 'deviceSn')!.label;

  /** Bulk answers for an import (in the batch's scratch): which SNs the other lists hold, which inverter SNs exist. */
  const BATCH = Symbol(`factory.${kind}`);
  type Batch = { asked: Set<string>; taken: Set<string>; askedInv: Set<string>; inverters: Set<string> };
  const batchOf = (call: TxCall) => call.batch.get(BATCH) as Batch | undefined;
  const strings = (bodies: Row[], key: string) => [...new Set(bodies.map((b) => b[key]).filter((x): x is string => typeof x === 'string' && x !== '').map((x) => x.trim()))];

  const beforeBatch = async (call: TxCall, bodies: Row[]) => {
    const db = call.db;
    const sns = strings(bodies, 'deviceSn');
    const invSns = kind === 'battery' ? strings(bodies, 'inverterSn') : [];
    const taken = new Set<string>();
    const inverters = new Set<string>();
    for (let i = 0; i < sns.length; i += 1000) {
      const chunk = sns.slice(i, i + 1000);
      for (const o of others) {
        for (const r of await db.select({ sn: o.deviceSn }).from(o).where(and(inArray(o.deviceSn, chunk), eq(o.isDeleted, 0)))) taken.add(r.sn);
      }
    }
    const inv = FACTORY_TABLES.inverter;
    for (let i = 0; i < invSns.length; i += 1000) {
      const chunk = invSns.slice(i, i + 1000);
      for (const r of await db.select({ sn: inv.deviceSn }).from(inv).where(and(inArray(inv.deviceSn, chunk), eq(inv.isDeleted, 0)))) inverters.add(r.sn);
    }
    call.batch.set(BATCH, { asked: new Set(sns), taken, askedInv: new Set(invSns), inverters } satisfies Batch);
  };

  const takenElsewhere = async (sn: string, call: WriteCall) => {
    const pre = batchOf(call);
    if (pre?.asked.has(sn)) return pre.taken.has(sn);
    // One round trip over the other three lists.
    const [a, b, c] = others.map((o) => call.db.select({ id: o.id }).from(o).where(and(eq(o.deviceSn, sn), eq(o.isDeleted, 0))));
    return (await unionAll(a!, b!, c!).limit(1)).length > 0;
  };

  const inverterExists = async (sn: string, call: WriteCall) => {
    const pre = batchOf(call);
    if (pre?.askedInv.has(sn)) return pre.inverters.has(sn);
    const inv = FACTORY_TABLES.inverter;
    return (await call.db.select({ id: inv.id }).from(inv).where(and(eq(inv.deviceSn, sn), eq(inv.isDeleted, 0))).limit(1)).length > 0;
  };

  const beforeWrite = async (call: WriteCall, existing: Row | undefined, values: Row) => {
    const sn = values.deviceSn;
    if (existing && Number(existing.usageFlag) === 1 && sn !== undefined && sn !== existing.deviceSn) {
      throw fieldError('deviceSn', 'factorySnLocked', { sn: String(existing.deviceSn) });
    }
    if (typeof sn === 'string' && sn !== existing?.deviceSn && (await takenElsewhere(sn, call))) {
      throw fieldError('deviceSn', 'duplicate', { field: call.lang === 'en-US' ? snLabel.en : snLabel.zh });
    }
    if (kind === 'inverter') {
      const merged = { ...(existing ?? {}), ...values };
      const start = merged.warrantyStart ? String(merged.warrantyStart) : '';
      const end = merged.warrantyEnd ? String(merged.warrantyEnd) : '';
      const touched = 'warrantyStart' in values || 'warrantyYears' in values || 'warrantyEnd' in values;
      if (touched && start && !end && merged.warrantyYears !== null && merged.warrantyYears !== undefined) {
        const derived = warrantyEnd(start, Number(merged.warrantyYears));
        if (derived) values.warrantyEnd = derived;
      } else if (start && end && end < start) {
        throw fieldError('warrantyEnd', 'warrantyEndBeforeStart');
      }
    }
    if (kind === 'battery' && typeof values.inverterSn === 'string' && values.inverterSn !== existing?.inverterSn && !(await inverterExists(values.inverterSn, call))) {
      throw fieldError('inverterSn', 'inverterSnNotFound', { sn: values.inverterSn });
    }
  };

  return {
    saveAndUpdate: true,
    beforeBatch,
    beforeWrite,
    beforeRemove: (_call, rows) => {
      const used = rows.find((r) => Number(r.usageFlag) === 1);
      if (used) throw fieldError('deviceSn', 'factorySnInUse', { sn: String(used.deviceSn) });
    },
    updateGuard: (values): SQL | undefined =>
      values.deviceSn === undefined ? undefined : or(eq(table.usageFlag, 0), eq(table.deviceSn, String(values.deviceSn))),
    removeGuard: () => eq(table.usageFlag, 0),
  };
}
