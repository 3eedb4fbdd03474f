/**
 * The catalogue as the server uses it: reference data applied from contracts (`applyCatalogue`, inside the kernel's
 * reference transaction: adds what is missing, brings rows nobody edited up to date and keeps what platform users
 * edited), and read back from `helio_alarm_definition` with a short cache (`CatalogueCache`) for the rules and the
 * alarms' names. An edit invalidates this process's cache after its commit; other processes see it when their
 * cache ends (`CATALOGUE_TTL_MS`), so every evaluator uses an edit within a few seconds.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { ALARM_CATALOGUE, unknownCodeName, type ThresholdRule } from '@helio/contracts/modules/alarm/alarm-catalogue';
import { checkRule } from '@helio/contracts/modules/alarm/alarm-rules.api';
import type { Db } from '../../db/client.js';
import type { RuleDef } from './alarm.engine.js';

export async function rowsOf<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Changes with the catalogue's content, so an edited catalogue is applied again without a hand-bumped version. */
export const CATALOGUE_VERSION = Number.parseInt(createHash('sha256').update(JSON.stringify(ALARM_CATALOGUE)).digest('hex').slice(0, 8), 16);

/**
 * A catalogue entry's id follows from its device type and code (as the seed's ids do), so every installation — and a
 * database built from the start-up template — holds the same rows under the same ids.
 */
const definitionId = (deviceType: number, code: number): string => (1123598819000000000n + BigInt(deviceType) * 1_000_000n + BigInt(code)).toString();

/**
 * Adds the definitions an installed database lacks and updates those whose reference content changed — unless a
 * person edited them (`update_user` set by alarm-rules.service.ts): an administrator's edit is never overwritten.
 */
export async function applyCatalogue(tx: Db): Promise<void> {
  for (const d of ALARM_CATALOGUE) {
    await tx.execute(sql`
      INSERT INTO helio_alarm_definition (id, device_type, alarm_code, alarm_type, severity, category, source, name_zh, name_en,
        cause_zh, cause_en, remedy_zh, remedy_en, rule)
      VALUES (${definitionId(d.deviceType, d.code)}, ${d.deviceType}, ${d.code}, ${d.alarmType}, ${d.severity}, ${d.category}, ${d.source}, ${d.name.zh}, ${d.name.en},
        ${d.cause.zh}, ${d.cause.en}, ${d.remedy.zh}, ${d.remedy.en}, ${d.rule ? JSON.stringify(d.rule) : null}::jsonb)
      ON CONFLICT (device_type, alarm_code) DO UPDATE SET
        alarm_type = excluded.alarm_type, severity = excluded.severity, category = excluded.category, source = excluded.source,
        name_zh = excluded.name_zh, name_en = excluded.name_en, cause_zh = excluded.cause_zh, cause_en = excluded.cause_en,
        remedy_zh = excluded.remedy_zh, remedy_en = excluded.remedy_en, rule = excluded.rule,
        version = helio_alarm_definition.version + 1, update_time = now()
      WHERE helio_alarm_definition.update_user IS NULL
        AND (helio_alarm_definition.alarm_type, helio_alarm_definition.severity, helio_alarm_definition.category, helio_alarm_definition.source,
             helio_alarm_definition.name_zh, helio_alarm_definition.name_en, helio_alarm_definition.cause_zh, helio_alarm_definition.cause_en,
             helio_alarm_definition.remedy_zh, helio_alarm_definition.remedy_en, helio_alarm_definition.rule)
        IS DISTINCT FROM (excluded.alarm_type, excluded.severity, excluded.category, excluded.source, excluded.name_zh, excluded.name_en,
             excluded.cause_zh, excluded.cause_en, excluded.remedy_zh, excluded.remedy_en, excluded.rule)`);
  }
}

export interface DefinitionRow {
  deviceType: number;
  code: number;
  alarmType: number;
  severity: number;
  category: string;
  nameZh: string;
  nameEn: string;
  remedyEn: string | null;
  rule: ThresholdRule | null;
}

/** The catalogue at one moment: looked up without the database (safe inside a transaction on another connection). */
export class CatalogueSnapshot {
  constructor(
    private readonly byKey: Map<string, DefinitionRow>,
    private readonly ruleMap: Map<number, RuleDef[]>,
  ) {}

  definition(deviceType: number, code: number): DefinitionRow {
    const found = this.byKey.get(`${deviceType}:${code}`);
    if (found) return found;
    const name = unknownCodeName(code);
    return { deviceType, code, alarmType: 1, severity: 3, category: 'device', nameZh: name.zh, nameEn: name.en, remedyEn: null, rule: null };
  }

  rules(deviceType: number): RuleDef[] {
    return this.ruleMap.get(deviceType) ?? [];
  }
}

/** How long a process keeps the catalogue it read: the longest an edit made on another process waits. */
export const CATALOGUE_TTL_MS = 3000;

export class CatalogueCache {
  private loaded: { at: number; snapshot: CatalogueSnapshot } | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = CATALOGUE_TTL_MS,
  ) {}

  /** Forgets the snapshot (after an edit's commit): the next evaluation reads the catalogue again. */
  invalidate(): void {
    this.loaded = undefined;
  }

  /** Read before a transaction opens: on PGlite (one connection) a read beside an open transaction would wait for it. */
  async snapshot(): Promise<CatalogueSnapshot> {
    if (this.loaded && Date.now() - this.loaded.at < this.ttlMs) return this.loaded.snapshot;
    const rows = await rowsOf<DefinitionRow>(this.db, sql`
      SELECT device_type AS "deviceType", alarm_code AS code, alarm_type AS "alarmType", severity, category,
             name_zh AS "nameZh", name_en AS "nameEn", remedy_en AS "remedyEn", rule
        FROM helio_alarm_definition WHERE is_deleted = 0 AND status = 1`);
    const byKey = new Map(rows.map((r) => [`${r.deviceType}:${r.code}`, r]));
    const rules = new Map<number, RuleDef[]>();
    for (const r of rows) {
      // A rule the check refuses (a row changed by hand in the database) raises nothing rather than nonsense.
      if (!r.rule || checkRule(r.rule, Number(r.deviceType)).length) continue;
      rules.set(r.deviceType, [...(rules.get(r.deviceType) ?? []), { code: r.code, rule: r.rule }]);
    }
    this.loaded = { at: Date.now(), snapshot: new CatalogueSnapshot(byKey, rules) };
    return this.loaded.snapshot;
  }
}
