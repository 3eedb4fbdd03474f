/**
 * What the call-in form starts from (pure, so the rules are tested without a page): the site a look-up found (its
 * owner, address, station, installation order, agent and warranty end; the device when it has one), the original
 * installation order's customer data when the caller may read it, and an alarm (its device, station, time and what
 * it says).
 */
import type { DataOf } from '@helio/contracts/api/endpoint';
import type { alarmLogDetail } from '@helio/contracts/modules/alarm/alarm.api';
import type { Site, SiteDevice } from './api';

type Rec = Record<string, unknown>;
export type Alarm = DataOf<typeof alarmLogDetail>;

/** The call-in form's values besides the customer form's: the agent company (platform users name it). */
export interface CallInExtra {
  agentId?: string;
}

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "+27 821234567" → dialling code and number; a number without a code keeps its digits only. */
export function splitPhone(phone: string | null | undefined): { phoneDiallingCode?: string; phone?: string } {
  const text = (phone ?? '').trim();
  if (!text) return {};
  const m = /^(\+\d{1,4})[\s-]+([\d\s-]+)$/.exec(text);
  if (m) return { phoneDiallingCode: m[1], phone: m[2]!.replace(/\D/g, '') };
  const digits = text.replace(/\D/g, '');
  return digits ? { phone: digits } : {};
}

/** A date-time's day (yyyy-MM-dd), for the warranty date. */
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : undefined);

/**
 * The form values a chosen site gives: the owner's contact and address, the station, the installation order, the
 * agent, the warranty date (the site's latest warranty end) and the device when the site has only one (or `sn`, an
 * alarm's device, which stays).
 */
export function siteValues(site: Site, sn?: string): Rec {
  const device = sn ? site.devices.find((d) => d.sn === sn) : site.devices.length === 1 ? site.devices[0] : undefined;
  const out: Rec = {
    ...(site.ownerName ? { name: site.ownerName } : {}),
    ...splitPhone(site.ownerPhone),
    ...(site.address ? { address: site.address } : {}),
    ...(site.installAddress ? { installAddress: site.installAddress } : {}),
    ...(site.location ? { location: site.location } : {}),
    stationId: site.stationId ?? undefined,
    installOrderId: site.installOrderId ?? undefined,
    warrantyDate: day(device?.warrantyEnd) ?? day(site.warrantyEnd),
    deviceSn: sn ?? device?.sn,
    agentId: site.agentId ?? undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** The warranty date a picked device gives (its own end, when the factory data knows it). */
export const deviceWarranty = (d: SiteDevice | undefined) => day(d?.warrantyEnd);

/** What the installation order's customer form adds to a site's values (the structured address, e-mail, project). */
const CONTACT_KEYS = ['name', 'company', 'phoneDiallingCode', 'phone', 'email', 'installAddress', 'address', 'location', 'projectType', 'backupContact'];
export function contactOf(customer: unknown): Rec {
  if (!isRec(customer)) return {};
  return Object.fromEntries(CONTACT_KEYS.filter((k) => customer[k] !== undefined && customer[k] !== null && customer[k] !== '').map((k) => [k, customer[k]]));
}

/** The form values an alarm gives: its device and station, its time as the call-in time, what it says as the problem. */
export function alarmValues(alarm: Alarm, alarmId: string): Rec {
  const problem = [alarm.alarmName, alarm.description].filter(Boolean).join(' — ');
  return {
    alarmId,
    ...(alarm.deviceSn ? { deviceSn: alarm.deviceSn } : {}),
    ...(alarm.plantId ? { stationId: alarm.plantId } : {}),
    ...(alarm.triggerTime ? { callInTime: alarm.triggerTime } : {}),
    ...(problem ? { problem: problem.slice(0, 1000) } : {}),
  };
}
