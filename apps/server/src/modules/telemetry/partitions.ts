/**
 * Time partitions of the telemetry and fine-grained rollup tables: raw telemetry and 5-minute rollups by UTC day,
 * hourly rollups by UTC month. Partitions are created ahead (today − 1 … today + 2 at start and every hour) and on
 * demand for a late or backfilled row; old ones are dropped by the retention job. There is no DEFAULT partition, so a
 * row for a day nobody prepared fails loudly instead of landing in a catch-all that blocks later partitions.
 */
import type { RawClient } from './raw-db.js';

export type Grain = 'day' | 'month';

export const PARTITIONED: Record<string, Grain> = {
  helio_telemetry_inverter: 'day',
  helio_telemetry_battery: 'day',
  helio_telemetry_guardian: 'day',
  helio_telemetry_charger: 'day',
  helio_energy_device_5m: 'day',
  helio_energy_plant_5m: 'day',
  helio_energy_device_hour: 'month',
  helio_energy_plant_hour: 'month',
};

const DAY = 86_400_000;
const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Start (UTC ms) of the partition holding `ms`. */
export function partitionStart(grain: Grain, ms: number): number {
  if (grain === 'day') return Math.floor(ms / DAY) * DAY;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function partitionEnd(grain: Grain, start: number): number {
  if (grain === 'day') return start + DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function partitionName(table: string, grain: Grain, start: number): string {
  const d = new Date(start);
  const ym = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}`;
  return grain === 'day' ? `${table}_p${ym}${pad(d.getUTCDate())}` : `${table}_m${ym}`;
}

export class PartitionManager {
  private readonly known = new Set<string>();

  constructor(private readonly db: RawClient) {}

  /**
   * Ensures the partition of `table` holding each instant exists (cached once created or seen). `client` runs the
   * DDL (pass the open transaction when called inside one: PGlite has a single connection).
   */
  async ensure(table: string, instants: Iterable<number>, client: RawClient = this.db): Promise<void> {
    const grain = PARTITIONED[table];
    if (!grain) throw new Error(`${table} is not partitioned`);
    const starts = new Set<number>();
    for (const ms of instants) starts.add(partitionStart(grain, ms));
    for (const start of starts) {
      const name = partitionName(table, grain, start);
      if (this.known.has(name)) continue;
      await this.create(client, table, name, start, partitionEnd(grain, start));
      this.known.add(name);
    }
  }

  /** Every partitioned table, `daysBack` … `daysAhead` around now. */
  async ensureAround(now: number, daysBack = 1, daysAhead = 2): Promise<void> {
    await this.ensureRange(now - daysBack * DAY, now + daysAhead * DAY);
  }

  /** Every partitioned table, every day from `from` to `to`. */
  async ensureRange(from: number, to: number): Promise<void> {
    const instants: number[] = [];
    for (let t = from; t <= to + DAY - 1; t += DAY) instants.push(Math.min(t, to));
    for (const table of Object.keys(PARTITIONED)) await this.ensure(table, instants);
  }

  private async create(client: RawClient, table: string, name: string, from: number, to: number): Promise<void> {
    const sql = `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "${table}" FOR VALUES FROM ('${new Date(from).toISOString()}') TO ('${new Date(to).toISOString()}')`;
    try {
      await client.query(sql);
    } catch (e) {
      // Another process created it between our check and our CREATE (IF NOT EXISTS is not race-proof).
      const code = (e as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw e;
    }
  }

  /** Drops partitions that end before `keepFrom` (UTC ms). Returns the dropped names. */
  async dropBefore(table: string, keepFrom: number): Promise<string[]> {
    const grain = PARTITIONED[table]!;
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
      [table],
    );
    const dropped: string[] = [];
    for (const { name } of rows) {
      const m = /_(p(\d{4})(\d{2})(\d{2})|m(\d{4})(\d{2}))$/.exec(name);
      if (!m) continue;
      const start = m[2] ? Date.UTC(+m[2], +m[3]! - 1, +m[4]!) : Date.UTC(+m[5]!, +m[6]! - 1, 1);
      if (partitionEnd(grain, start) <= keepFrom) {
        await this.db.query(`DROP TABLE IF EXISTS "${name}"`);
        this.known.delete(name);
        dropped.push(name);
      }
    }
    return dropped;
  }
}
