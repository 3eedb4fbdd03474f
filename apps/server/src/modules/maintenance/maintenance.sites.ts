/**
 * The look-ups of a call-in (`query-install-order`): the installed sites the caller may see whose owner, phone,
 * address or a device's serial matches — each with its station, its installation order when it came from one (the
 * order's commissioning names the station), its devices and their factory warranty — and the warranty of a
 * maintenance order's devices (the warranty verification's suggestion).
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import { device, DEVICE_KINDS, inverterFactory, plant } from '../../db/schema-device.js';
import type { Actor } from '../../kernel/types.js';
import { companiesOfDepts, companyNames } from '../agent/index.js';
import { epcOrder, epcOrderForm, pointOf } from '../epc-order/index.js';
import { plantWhere } from '../station/index.js';
import { today } from './maintenance.extension.js';
import { maintError } from './maintenance.messages.js';
import type { MaintOrders } from './maintenance.service.js';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const LIMIT = 20;

export interface SiteDevice {
  sn: string;
  deviceType: string;
  model: string | null;
  warrantyStart: string | null;
  warrantyEnd: string | null;
  warrantyYears: number | null;
  inWarranty: boolean;
}

/** The live devices of stations with their factory warranty (inverters carry it), by station. */
export async function stationDevices(m: MaintOrders, stationIds: string[]): Promise<Map<string, SiteDevice[]>> {
  if (!stationIds.length) return new Map();
  const day = today();
  const rows = await m.ctx.db
    .select({ plantId: device.plantId, sn: device.deviceSn, type: device.deviceType, model: device.model, start: inverterFactory.warrantyStart, end: inverterFactory.warrantyEnd, years: inverterFactory.warrantyYears })
    .from(device)
    .leftJoin(inverterFactory, and(eq(inverterFactory.deviceSn, device.deviceSn), eq(inverterFactory.isDeleted, 0)))
    .where(and(inArray(device.plantId, stationIds), eq(device.isDeleted, 0)))
    .orderBy(device.deviceType, device.deviceSn);
  const out = new Map<string, SiteDevice[]>();
  for (const r of rows) {
    const end = r.end ? String(r.end).slice(0, 10) : null;
    const list = out.get(String(r.plantId)) ?? [];
    list.push({ sn: r.sn, deviceType: DEVICE_KINDS[r.type] ?? String(r.type), model: r.model ?? null, warrantyStart: r.start ? String(r.start).slice(0, 10) : null, warrantyEnd: end, warrantyYears: r.years ?? null, inWarranty: !!end && end >= day });
    out.set(String(r.plantId), list);
  }
  return out;
}

export interface InstallAddress {
  country: string;
  province: string;
  city: string;
  district?: string;
}

/** A station's region codes as the customer form's install address (null unless country, province and city are known). */
function regionOf(s: typeof plant.$inferSelect): InstallAddress | null {
  if (!s.countryCode || !s.provinceCode || !s.cityCode) return null;
  return { country: s.countryCode, province: s.provinceCode, city: s.cityCode, ...(s.countyCode ? { district: s.countyCode } : {}) };
}

/** An installer order's install address from its customer form (null when it is not whole). */
function addressOf(v: unknown): InstallAddress | null {
  if (typeof v !== 'object' || v === null) return null;
  const a = v as Record<string, unknown>;
  const text = (k: string) => (typeof a[k] === 'string' && a[k] ? (a[k] as string) : undefined);
  const [country, province, city, district] = ['country', 'province', 'city', 'district'].map(text);
  return country && province && city ? { country, province, city, ...(district ? { district } : {}) } : null;
}

export interface Site {
  stationId: string | null;
  stationName: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  address: string | null;
  installAddress: InstallAddress | null;
  location: { latitude: number; longitude: number } | null;
  installDate: string | null;
  installOrderId: string | null;
  installOrderNumber: string | null;
  agentId: string | null;
  agentName: string | null;
  devices: SiteDevice[];
  warrantyEnd: string | null;
}

const latest = (devices: SiteDevice[]) => devices.map((d) => d.warrantyEnd).filter((e): e is string => !!e).sort().at(-1) ?? null;

export async function findSites(m: MaintOrders, actor: Actor, q: { customerName?: string | undefined; phone?: string | undefined; address?: string | undefined; sn?: string | undefined }, lang: Lang) {
  const name = q.customerName?.trim();
  const phone = q.phone?.replace(/\s+/g, '');
  const address = q.address?.trim();
  const sn = q.sn?.trim();
  if (!name && !phone && !address && !sn) throw maintError(lang, 'lookupEmpty');
  const db = m.ctx.db;
  // Stations: owner, phone, address or one of their devices.
  const byStation: SQL[] = [];
  if (name) byStation.push(ilike(plant.ownerName, like(name)));
  if (phone) byStation.push(sql`replace(${plant.ownerPhone}, ' ', '') LIKE ${like(phone)}`);
  if (address) byStation.push(ilike(plant.address, like(address)));
  if (sn) byStation.push(sql`${plant.id} IN (SELECT ${device.plantId} FROM ${device} WHERE ${device.deviceSn} = ${sn} AND ${device.isDeleted} = 0)`);
  const stations = await db.select().from(plant).where(and(plantWhere(actor), or(...byStation))).limit(LIMIT);
  // Installation orders: customer, phone, address or a commissioned serial.
  const byOrder: SQL[] = [];
  if (name) byOrder.push(ilike(epcOrder.customerName, like(name)));
  if (phone) byOrder.push(sql`replace(${epcOrder.customerPhone}, ' ', '') LIKE ${like(phone)}`);
  if (address) byOrder.push(sql`${epcOrder.id} IN (SELECT ${epcOrderForm.orderId} FROM ${epcOrderForm} WHERE ${epcOrderForm.formKey} = 'customer' AND ${epcOrderForm.data}->>'address' ILIKE ${like(address)})`);
  if (sn) byOrder.push(sql`${epcOrder.id} IN (SELECT ${epcOrderForm.orderId} FROM ${epcOrderForm} WHERE ${epcOrderForm.formKey} = 'commission' AND ${epcOrderForm.data}->'serials' @> ${JSON.stringify([{ sn }])}::jsonb)`);
  const orders = await db.select().from(epcOrder).where(and(await m.installs.scope(actor), or(...byOrder))).limit(LIMIT);
  const formRows = orders.length
    ? await db.select({ orderId: epcOrderForm.orderId, key: epcOrderForm.formKey, data: epcOrderForm.data }).from(epcOrderForm).where(and(inArray(epcOrderForm.orderId, orders.map((o) => o.id)), inArray(epcOrderForm.formKey, ['commission', 'customer', 'installationDate'])))
    : [];
  const dataOf = new Map<string, Record<string, Record<string, unknown>>>();
  for (const r of formRows) {
    const d = dataOf.get(String(r.orderId)) ?? {};
    d[r.key] = r.data;
    dataOf.set(String(r.orderId), d);
  }
  // Stations of matched orders that the station search did not find (a commissioned order's station).
  const orderPlant = (id: string) => String(dataOf.get(id)?.commission?.plantId ?? '') || null;
  const missing = orders.map((o) => orderPlant(o.id)).filter((p): p is string => !!p && !stations.some((s) => String(s.id) === p));
  const more = missing.length ? await db.select().from(plant).where(and(plantWhere(actor), inArray(plant.id, missing))) : [];
  const allStations = [...stations, ...more];
  const devices = await stationDevices(m, allStations.map((s) => String(s.id)));
  const agentOfDept = await companiesOfDepts(db, allStations.map((s) => String(s.operationCompanyId ?? '')));
  const agentNames = await companyNames(db, orders.map((o) => o.agentId ?? ''));
  const sites: Site[] = allStations.map((s) => {
    const order = orders.find((o) => orderPlant(o.id) === String(s.id));
    const agent = order?.agentId ? { id: order.agentId, name: agentNames.get(order.agentId) ?? null } : (agentOfDept.get(String(s.operationCompanyId ?? '')) ?? null);
    const list = devices.get(String(s.id)) ?? [];
    return {
      stationId: String(s.id),
      stationName: s.plantName,
      ownerName: s.ownerName ?? null,
      ownerPhone: s.ownerPhone ?? null,
      // The street part when the region is structured (the form's install address holds it), else with its region.
      address: (regionOf(s) ? s.address : [s.address, s.regionName].filter(Boolean).join(', ')) || null,
      installAddress: regionOf(s),
      location: pointOf({ latitude: s.latitude, longitude: s.longitude }),
      installDate: s.installDate ? String(s.installDate).slice(0, 10) : null,
      installOrderId: order?.id ?? null,
      installOrderNumber: order?.orderNumber ?? null,
      agentId: agent?.id ?? null,
      agentName: agent?.name ?? null,
      devices: list,
      warrantyEnd: latest(list),
    };
  });
  // Orders not (yet) commissioned: the site as the order knows it.
  for (const o of orders.filter((x) => !orderPlant(x.id))) {
    const c = dataOf.get(o.id)?.customer ?? {};
    sites.push({
      stationId: null,
      stationName: null,
      ownerName: o.customerName,
      ownerPhone: o.customerPhone ?? null,
      address: typeof c.address === 'string' ? c.address : null,
      installAddress: addressOf(c.installAddress),
      location: pointOf(c.location),
      installDate: typeof dataOf.get(o.id)?.installationDate?.date === 'string' ? String(dataOf.get(o.id)!.installationDate!.date).slice(0, 10) : null,
      installOrderId: o.id,
      installOrderNumber: o.orderNumber,
      agentId: o.agentId ?? null,
      agentName: agentNames.get(o.agentId ?? '') ?? null,
      devices: [],
      warrantyEnd: null,
    });
  }
  return sites.slice(0, LIMIT);
}

/** The end of a free-service plan of `months` from the installation date (same day of month, clamped to its end). */
export function servicePlanEnd(installDate: string | null, months: unknown): string | null {
  const n = Number(months);
  if (!installDate || !/^\d{4}-\d{2}-\d{2}/.test(installDate) || !Number.isInteger(n) || n <= 0) return null;
  const [y, mo, d] = installDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const month = mo - 1 + n;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The warranty of a maintenance order's devices: the faulty device's (else the station's latest) factory end, or the
 * call-in's free-service plan (months from the station's installation date) when that runs longer — `basis` says which.
 */
export async function warrantyDetail(m: MaintOrders, actor: Actor, orderId: unknown, lang: Lang) {
  const row = await m.reads.load(actor, orderId, lang);
  const vo = await m.vo(row, lang);
  const data = await m.reads.data(m.ctx.db, row.id);
  const devices = vo.stationId ? ((await stationDevices(m, [vo.stationId])).get(vo.stationId) ?? []) : [];
  const faulty = devices.find((d) => d.sn === vo.deviceSn);
  const factoryEnd = faulty?.warrantyEnd ?? latest(devices);
  const station = vo.stationId ? (await m.ctx.db.select({ installDate: plant.installDate }).from(plant).where(eq(plant.id, vo.stationId)).limit(1))[0] : undefined;
  const installDate = station?.installDate ? String(station.installDate).slice(0, 10) : null;
  const serviceEnd = servicePlanEnd(installDate, (data.customer as Record<string, unknown> | undefined)?.freeServiceMonths);
  const byPlan = !!serviceEnd && (!factoryEnd || serviceEnd > factoryEnd);
  const end = byPlan ? serviceEnd : factoryEnd;
  const result = !end ? 'none' : end >= today() ? 'valid' : 'expired';
  const basis = !end ? null : byPlan ? 'service' : 'factory';
  return { order: vo, devices, suggested: { result, warrantyEndDate: end, basis, factoryEndDate: factoryEnd, serviceEndDate: serviceEnd, installDate }, form: data.warranty ?? {} };
}
