/**
 * Incidents (issue 14, "beyond the peers"): alarms of the same code raised within minutes of one another across
 * several stations of one region (a grid outage, a carrier's network down) grouped into one incident row with its
 * member alarms (alarm.incident.ts). One tenant's alarms per incident; the region is the stations' city code.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from '../../db/columns.js';

export const alarmIncident = pgTable(
  'helio_alarm_incident',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** The member stations' city code (`helio_plant.city_code`, `blade_region.code`). */
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    alarmCode: integer('alarm_code').notNull(),
    /** Device type of the first member (names the code: platform codes exist per device type). */
    deviceType: smallint('device_type').notNull(),
    /** Highest severity among the members (4 critical … 1 warning). */
    level: smallint('level').notNull(),
    /** 0 open, 1 closed (every member recovered). */
    incidentStatus: smallint('incident_status').notNull().default(0),
    firstTrigger: ts('first_trigger').notNull(),
    lastTrigger: ts('last_trigger').notNull(),
    closeTime: ts('close_time'),
    /** The last handling applied to the incident (`alarm_handle_status`), and by whom. */
    handleStatus: smallint('handle_status').notNull().default(0),
    handleUser: id('handle_user'),
    handleTime: ts('handle_time'),
    createTime: ts('create_time').defaultNow(),
    updateTime: ts('update_time').defaultNow(),
  },
  (t) => [
    // The open incidents a new alarm may join (alarm.incident.ts).
    index('helio_alarm_incident_open_idx').on(t.tenantId, t.regionCode, t.alarmCode).where(sql`${t.incidentStatus} = 0`),
    index('helio_alarm_incident_tenant_idx').on(t.tenantId, t.firstTrigger),
  ],
);

/** An alarm belongs to at most one incident. */
export const alarmIncidentMember = pgTable(
  'helio_alarm_incident_member',
  {
    alarmId: id('alarm_id').primaryKey(),
    incidentId: id('incident_id').notNull(),
    tenantId: tenantId(),
    plantId: id('plant_id').notNull(),
    joinTime: ts('join_time').defaultNow(),
  },
  (t) => [index('helio_alarm_incident_member_incident_idx').on(t.incidentId)],
);
