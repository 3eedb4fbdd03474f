/**
 * Commissioning on QC approval (issue 19): in the step's transaction the homeowner's station is found or created
 * (station's `commissionPlant`: the order's customer as owner, the site's address and map point, the design's kWp,
 * the installation date, the installer company as operation company), the QC serials become its devices, the stock
 * serials shipped under the order number become installed at it (stock's `installSerials`), and what was done is
 * kept as the order's `commission` form (station, serials, time) for the order page. A serial's life then reads
 * stock → order → installed.
 */
import type { DeviceKind } from '../../db/schema-device.js';
import { formatDateTime } from '../../core/dates.js';
import { nextId } from '../../core/ids.js';
import { commissionPlant } from '../station/index.js';
import { installSerials } from '../stock/index.js';
import type { StepContext, StepEffect } from './epc-order.extension.js';
import { fieldError } from './epc-order.field.messages.js';
import { epcOrderForm } from './epc-order.tables.js';

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const KINDS = new Set(['inverter', 'battery', 'guardian', 'charger']);

export interface CommissionPrep {
  /** The installer company's department and name (null: not visible to the caller). */
  company: { deptId: string | null; name: string } | null;
}

/** Look-ups before the transaction: the order's company (the station's operation company). */
export async function commissionPrep(c: StepContext): Promise<CommissionPrep> {
  if (!c.row.agentId) return { company: null };
  try {
    const co = await c.reads.deps.agent().service.company(c.actor, c.row.agentId);
    return { company: { deptId: co.deptId ? String(co.deptId) : null, name: co.companyName } };
  } catch {
    return { company: null };
  }
}

/** `serials`: the QC form's (device type, SN); `site`: the order's map point. */
export async function commission(e: StepEffect, prep: CommissionPrep, serials: readonly { deviceType: string; sn: string }[], site: { latitude: number; longitude: number } | null): Promise<void> {
  const { tx, next, actor, lang, data } = e;
  const customer = obj(data.customer);
  const name = text(customer.name) || next.customerName;
  if (!name) throw fieldError(lang, 'customerMissing');
  const area = obj(customer.installAddress);
  const kwp = Number(obj(obj(data.design).summary).kwp);
  const installDate = text(obj(data.installationDate).date).slice(0, 10);
  const devices = serials
    .filter((s) => KINDS.has(s.deviceType) && s.sn)
    .map((s) => ({ type: s.deviceType as DeviceKind, sn: s.sn }));
  const done = await commissionPlant(tx, {
    tenantId: next.tenantId,
    owner: { name, phone: text(customer.phone) || undefined, diallingCode: text(customer.phoneDiallingCode) || undefined, email: text(customer.email) || undefined },
    plantName: `${name} ${next.orderNumber}`,
    address: text(customer.address) || null,
    regionName: [area.country, area.province, area.city, area.district].map(text).filter(Boolean).join(' ') || null,
    latitude: site?.latitude ?? null,
    longitude: site?.longitude ?? null,
    capacityKwp: Number.isFinite(kwp) && kwp > 0 ? kwp : null,
    installDate: /^\d{4}-\d{2}-\d{2}$/.test(installDate) ? installDate : null,
    operationCompanyId: prep.company?.deptId ?? null,
    operationCompanyName: prep.company?.name ?? null,
    plantId: text(obj(data.commission).plantId) || null,
    userId: actor.userId,
    deptId: actor.deptIds[0] ?? null,
    devices,
  });
  await installSerials(tx, next.tenantId, next.orderNumber, devices.map((d) => d.sn), done.plantId, lang);
  const record = {
    plantId: done.plantId,
    plantName: done.plantName,
    created: done.created,
    serials: devices.map((d) => ({ sn: d.sn, deviceType: d.type })),
    at: formatDateTime(new Date()) ?? new Date().toISOString(),
  };
  await tx
    .insert(epcOrderForm)
    .values({ id: nextId(), tenantId: next.tenantId, orderId: next.id, formKey: 'commission', data: record, updateUser: actor.userId })
    .onConflictDoUpdate({ target: [epcOrderForm.orderId, epcOrderForm.formKey], set: { data: record, updateUser: actor.userId, updateTime: new Date() } });
}
