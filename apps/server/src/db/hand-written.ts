/**
 * The database objects that are NOT declared in a Drizzle schema file, because Drizzle cannot express them: every
 * one of them is created by hand-written SQL in a migration under drizzle/, and this is the one list of them
 * (docs/adr/0001-one-way-to-define-a-table.md). Every other table, column, index and constraint is declared in a
 * schema file (drizzle.config.ts `schema`) and reaches the database through `npm run db:generate`.
 *
 * test/schema-match.test.ts holds the database to this list: each object here exists after the migrations, and a
 * table, index, function or trigger that is in neither the Drizzle schema nor this list fails the test.
 */

export type HandWrittenKind = 'partitioned table' | 'function' | 'trigger' | 'index' | 'extension';

export interface HandWrittenObject {
  kind: HandWrittenKind;
  name: string;
  /** Triggers and indexes: the table they belong to. */
  table?: string;
  /** The migration that creates it. */
  migration: string;
  /** Only where the server has the extension (PostgreSQL contrib `pg_trgm`; never on PGlite). */
  needsExtension?: string;
}

const TELEMETRY = '0001_devices.sql';
const SUMMARY = '0008_station-device-summary.sql';
const EPC_ORDER_SEARCH = '0025_epc-order-list-search.sql';

/**
 * Time-partitioned tables (PARTITION BY RANGE: drizzle-kit has no partitioning). Their partitions are created ahead
 * and dropped after retention by modules/telemetry/partitions.ts (`PARTITIONED` there lists the same tables); the
 * module reads and writes them with raw SQL (telemetry.repository.ts), so they have no Drizzle table either.
 */
export const PARTITIONED_TABLES = [
  'helio_telemetry_inverter',
  'helio_telemetry_battery',
  'helio_telemetry_guardian',
  'helio_telemetry_charger',
  'helio_energy_device_5m',
  'helio_energy_device_hour',
  'helio_energy_plant_5m',
  'helio_energy_plant_hour',
] as const;

/** Functions and the triggers that call them (drizzle-kit manages neither). */
const SUMMARY_FUNCTIONS = [
  'helio_plant_device_summary_add',
  'helio_plant_device_summary_devices',
  'helio_plant_device_summary_on_device',
  'helio_plant_device_summary_factory',
  'helio_plant_device_summary_on_inverter_factory',
  'helio_plant_device_summary_on_battery_factory',
];

const SUMMARY_TRIGGERS: [table: string, prefix: string][] = [
  ['helio_device', 'helio_device_summary'],
  ['helio_inverter_factory', 'helio_inverter_factory_summary'],
  ['helio_battery_factory', 'helio_battery_factory_summary'],
];

/** Trigram (GIN, gin_trgm_ops) indexes, created only where pg_trgm can be installed: a condition Drizzle cannot state. */
const TRIGRAM_INDEXES: [table: string, name: string][] = [
  ['helio_plant', 'helio_plant_name_trgm'],
  ['helio_plant', 'helio_plant_region_trgm'],
  ['helio_plant', 'helio_plant_address_trgm'],
  ['helio_device', 'helio_device_sn_trgm'],
];

const EPC_TRIGRAM_INDEXES: [table: string, name: string][] = [
  ['helio_epc_order', 'helio_epc_order_number_trgm'],
  ['helio_epc_order', 'helio_epc_order_customer_trgm'],
];

export const HAND_WRITTEN: readonly HandWrittenObject[] = [
  ...PARTITIONED_TABLES.map((name) => ({ kind: 'partitioned table' as const, name, migration: TELEMETRY })),
  // Solar elevation for the network-status job (a PV-only inverter asleep at night is not "disconnected").
  { kind: 'function', name: 'helio_sun_elevation', migration: TELEMETRY },
  { kind: 'extension', name: 'pg_trgm', migration: TELEMETRY, needsExtension: 'pg_trgm' },
  ...TRIGRAM_INDEXES.map(([table, name]) => ({ kind: 'index' as const, name, table, migration: TELEMETRY, needsExtension: 'pg_trgm' })),
  // The installer order list's "contains" filters (order number, customer name), the same way.
  ...EPC_TRIGRAM_INDEXES.map(([table, name]) => ({ kind: 'index' as const, name, table, migration: EPC_ORDER_SEARCH, needsExtension: 'pg_trgm' })),
  // helio_plant_device_summary (a Drizzle table) kept exact by these triggers on registrations and factory rows.
  ...SUMMARY_FUNCTIONS.map((name) => ({ kind: 'function' as const, name, migration: SUMMARY })),
  ...SUMMARY_TRIGGERS.flatMap(([table, prefix]) =>
    ['ins', 'del', 'upd'].map((op) => ({ kind: 'trigger' as const, name: `${prefix}_${op}`, table, migration: SUMMARY })),
  ),
];
