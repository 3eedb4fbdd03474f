/**
 * For the maintenance walk (e2e/maintenance.spec.ts): an inverter of the fleet's demo station with a factory warranty,
 * played over MQTT; a spare inverter in stock (factory-listed, serial-tracked SKU, received with its serial); the
 * maintenance order's steps through the API at the spec's maintenance URLs (contracts maint.api.ts), each at the
 * order's current version; the stage panel of a maintenance order's page.
 */
import type { Page } from '@playwright/test';
import { png } from './epc-handover-fixtures';
import { expect, type Crew, type Person } from './epc-order-fixtures';
import { C, until, type Api, type FleetServer } from './fleet-api';
import { PAGE_LOAD } from './helpers';

export const A = '/api/skyworth-agent';

export interface MaintState {
  id: string;
  orderNumber: string;
  stage: string;
  version: number;
  inReview?: boolean;
}

/** The order as `who` reads it (the maintenance twin of the installer order's detail). */
export const maintOf = async (api: Api, id: string) => (await api.get<{ order: MaintState }>(`${A}/maintenanceOrder/detail?orderId=${id}`)).order;

/** One step through the API as `who`, at the order's current version; answers the order after it. */
export async function maintStep(who: Person, id: string, url: string, body: Record<string, unknown> = {}): Promise<MaintState> {
  const { version } = await maintOf(who.api, id);
  return who.api.post<MaintState>(`${A}/${url}`, { orderId: id, version, ...body });
}

/** An uploaded picture's attachment id (`who` uploads it). */
export const picture = async (who: Person, name: string) =>
  String((await who.api.upload<{ attachId: string }>('/api/blade-resource/oss/endpoint/put-file?use=attachment', `${name}.png`, png(320, 240, name))).attachId);

/**
 * A new inverter `sn` of station `plantId` under warranty until 2035 (factory list first, then registered as an
 * installer does it); its MQTT secret.
 */
export async function warrantedInverter(admin: Api, plantId: string, sn: string): Promise<string> {
  await admin.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model: 'E2E-8K', warrantyYears: 10, warrantyStart: '2025-01-01', warrantyEnd: '2035-01-01' });
  const added = await admin.post<{ deviceSn: string; secret: string }[]>(`${C}/plant/addDevice`, { plantId, devices: [{ deviceType: 'inverter', deviceSn: sn }] });
  return added.find((a) => a.deviceSn === sn)!.secret;
}

/** A spare inverter `sn` in stock: factory-listed, on a serial-tracked SKU, received with its serial. */
export async function spareInStock(admin: Api, sn: string, tag: string): Promise<void> {
  await admin.post(`${C}/deviceExitFactoryInfo/save`, { deviceSn: sn, model: 'E2E-8K' });
  const sku = await admin.post<{ id: string }>(`${A}/skuBaseInfo/save`, { sku: `SPARE-${tag}`, skuName: `Spare inverter ${tag}`, skuType: 1, unit: 'pcs', unitPrice: '9000', serialTracked: 1 });
  await admin.post(`${A}/skuHistory/save`, { movementType: 'receive', skuId: sku.id, quantity: 1, serials: [sn], reference: `PO-${tag}` });
}

/** The id of the alarm `sn` raised (the alarm module evaluates the report). */
export const alarmOf = (admin: Api, sn: string) =>
  until('the alarm', async () => (await admin.get<{ records: { id: string }[] }>(`${C}/alarmLog/list?deviceSn=${sn}&size=5`)).records[0]?.id, { timeout: 60_000 });

/**
 * From the survey date to the repair QC through the API, as the people whose steps they are: the date, the team, the
 * on-site diagnosis (no parts), its review, the repair date, the work order, the EHS at the site and its review.
 */
export async function toRepairQc(crew: Crew, id: string, site: { lat: number; lng: number }): Promise<void> {
  const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${A}/selectDesignatedPerson?orderId=${id}`);
  const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
  const team = { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] };
  await maintStep(crew.rollout, id, 'maintSurveyDate/audit', { date: '2026-12-02' });
  await maintStep(crew.rollout, id, 'maint/designatedPerson', team);
  const [photo, technician, owner] = await Promise.all(['inverter', 'sign-technician', 'sign-owner'].map((n) => picture(crew.tech, n)));
  await maintStep(crew.tech, id, 'survey/maint/submit', {
    form: { findings: 'Fan seized, heat sink clogged', solution: 'Swap the inverter', partsNeeded: false, photos: [photo], signatures: { technician, owner }, confirmed: true },
  });
  await maintStep(crew.rollout, id, 'maintain/surveyReview/submit', { approved: true });
  await maintStep(crew.rollout, id, 'installationDate/examineInstallationDate', { date: '2026-12-03' });
  await maintStep(crew.rollout, id, 'installWoAssignment/examineWoAssignment', team);
  const ehs = { workDate: '2026-12-03', emergencyNumbers: ['120'], risks: [1, 2, 3].map((k) => ({ risk: `Risk ${k}`, solution: `Measure ${k}` })), ppe: ['helmet'], declaration: true };
  await maintStep(crew.tech, id, 'maintenanceEhsSubmission/submitEhsInfoExamine', { form: ehs, location: site });
  await maintStep(crew.rollout, id, 'maintenanceEhsVerification/submitEhsFinalExamine', { approved: true });
  expect((await maintOf(crew.tech.api, id)).stage).toBe('qc_submission');
}

/** The repair QC approved, the FAC signed and approved, the COC created by the delivery manager (then in review). */
export async function toCocReview(crew: Crew, admin: Person, id: string): Promise<void> {
  await maintStep(crew.rollout, id, 'maintenanceQc/verification/qcVerify/audit', { approved: true });
  const [scan, landlord, installer, electrician, owner] = await Promise.all(['fac-scan', 'l', 'i', 'e', 'o'].map((n) => picture(crew.delivery, n)));
  const fac = { signedFile: [scan], signedAt: '2026-12-04', signatures: { landlord, installer, electrician, owner }, confirmed: true };
  await maintStep(crew.delivery, id, 'maintenanceFac/submit', { form: fac });
  await maintStep(admin, id, 'maintenanceFac/audit', { approved: true });
  const coc = { createdAt: '2026-12-05', permanent: true, customerConfirmed: true, deliveryType: 'email', deliveryNumber: 'DN-1' };
  const o = await maintStep(crew.delivery, id, 'maintenanceCocCreation/submit', { form: coc });
  expect(o).toMatchObject({ stage: 'final_coc', inReview: true });
}

/** The station's map point (the EHS is submitted there). */
export async function siteOf(admin: Api, plantId: string): Promise<{ lat: number; lng: number }> {
  const p = await admin.get<{ latitude: number; longitude: number }>(`${C}/plant/detail?id=${plantId}`);
  return { lat: p.latitude, lng: p.longitude };
}

/** The device `sn` as the inverter list shows it, once its report of `pvPower` W has been stored. */
export const reported = (admin: Api, sn: string, pvPower: number) =>
  until(`a report of ${sn}`, async () => (await admin.get<{ records: { deviceSn: string; plantId: string; pvPower: number | null }[] }>(`${C}/inverter/list?deviceSn=${sn}`)).records.find((r) => r.deviceSn === sn && r.pvPower === pvPower), { timeout: 30_000 });

export const panelOf = (page: Page) => page.getByTestId('stage-panel');

/** The maintenance order's page, at `stage`. */
export async function openMaint(page: Page, id: string, stage: string) {
  await page.goto(`/epc/maintenance/detail/${id}`);
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, PAGE_LOAD);
}

export type { FleetServer };
