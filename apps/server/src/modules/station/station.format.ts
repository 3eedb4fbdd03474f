/**
 * How the station screens show what the repositories read: dates as `yyyy-MM-dd HH:mm:ss` (HELIO_TIMEZONE), rounded
 * figures, fault codes with their names and solutions in the caller's language, a period's energies, and the head
 * every device answer starts with.
 */
import { faultName, faultSolution } from '@helio/contracts/modules/station/fault-codes';
import { formatDateTime } from '../../core/dates.js';
import { round, type EnergySums } from './kpi.js';
import type { Row } from './station.params.js';

export const dt = (v: unknown) => (v instanceof Date || typeof v === 'string' ? formatDateTime(v as Date) : null);
export const num = (v: unknown, d = 2) => (v === null || v === undefined ? null : round(Number(v), d));
/** `HH:mm` of an instant in ms (chart labels). */
export const hhmm = (ms: unknown) => formatDateTime(new Date(Number(ms)))!.slice(11, 16);

export function faults(codes: unknown, lang: string) {
  return (Array.isArray(codes) ? codes : []).map((c: number) => ({ code: c, name: faultName(c, lang), solution: faultSolution(c, lang) }));
}

export function energyOut(e: EnergySums) {
  return {
    pvEnergy: round(e.pv),
    loadEnergy: round(e.load),
    gridImport: round(e.import),
    gridExport: round(e.export),
    chargeEnergy: round(e.charge),
    dischargeEnergy: round(e.discharge),
    evEnergy: round(e.ev),
  };
}

/** Identity, station and status of a device (device.repository.ts `deviceOf`): the start of every device answer. */
export const head = (d: Row) => ({
  id: d.id,
  deviceSn: d.device_sn,
  deviceType: d.device_type,
  model: d.model,
  parentSn: d.parent_sn,
  plantId: d.plant_id,
  plantName: d.plant_name,
  plantDeleted: Number(d.plant_deleted ?? 0),
  unbound: Number(d.is_deleted ?? 0),
  networkStatus: d.network_status,
  statusTime: dt(d.status_time),
  online: d.online,
  reportInterval: d.report_interval,
  registerTime: dt(d.register_time),
  unbindTime: dt(d.unbind_time),
});
