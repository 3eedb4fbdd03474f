/**
 * Installer orders, part 2 — the field stages (issue 19): EHS submission (≥ 3 risks with solutions, ≥ 1 PPE item,
 * declaration, within 2 km of the site: 1.9 km accepted, 2.1 km refused with the distance, both languages; the
 * location and distance recorded; a repeated submission id acted on once), EHS verification (sub-node statuses,
 * reject back, approve), QC submission (serials: not existing as inverter or battery, repeated, not the order's,
 * installed elsewhere — refused; the per-serial check), QC verification (reject back; approve commissions: the
 * homeowner's station created, then used again, the serials its devices and installed in stock).
 * Orders come from `toEhs()` (the sales half and the install stages walked for real, serials shipped and signed).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from '@helio/contracts/modules/epc/geo';
import { device, plant } from '../src/db/schema-device.js';
import { epcOrderHistory } from '../src/modules/epc-order/epc-order.tables.js';
import { registerDevices, unbindDevices } from '../src/modules/station/index.js';
import { stockSerial } from '../src/modules/stock/stock.tables.js';
import { createTestApp, type TestApp } from './helper.js';
import { customer, helpers, ORDER, type Crew, type H } from './epc-order-fixtures.js';
import { part2, type OrderRef } from './epc-order-part2-fixtures.js';
import { createPlant, uniqueSn } from './station-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);
const p2 = part2(() => t, () => admin, () => crew);
const en = (h: H): H => ({ ...h, 'accept-language': 'en-US' });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

const SITE = { lat: -26.2041, lng: 28.0473 };
/** A point `km` north of the site (the same haversine as the rule: R = 6378.137 km). */
const north = (km: number) => ({ lat: SITE.lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI), lng: SITE.lng });

const refused = async (url: string, h: H, o: OrderRef, body: object, status = 400): Promise<string> => {
  const res = await post(`${ORDER}/${url}`, h, { orderId: o.id, version: o.version, ...body });
  expect(res.statusCode, res.body).toBe(status);
  return String(res.json().msg);
};
const ehs = (extra: Record<string, unknown> = {}) => ({
  workDate: '2026-12-10',
  emergencyNumbers: ['112'],
  risks: [
    { risk: 'Working at height', solution: 'Harness' },
    { risk: 'Live DC cables', solution: 'Isolate strings' },
    { risk: 'Hot roof', solution: 'Water and breaks' },
  ],
  ppe: ['helmet'],
  declaration: true,
  ...extra,
});
const qc = (serials: { deviceType: string; sn: string }[]) => ({
  inverterType: 'hybrid',
  photos: ['1001'],
  serials,
  panelPhotos: ['1002'],
  earthing: { value: 1.2, unit: 'ohm' },
  batteryCount: '2',
});

describe('installer order: EHS submission and verification', () => {
  it('enforces risks, PPE, declaration and the 2 km radius in both languages, records the location, acts once per submission id', async () => {
    const { order } = await p2.toEhs();
    let o = order;
    const info = (await get(`${ORDER}/ehsSubmission/selectEhsInfo?orderId=${o.id}`, crew.tech)).json().data;
    expect(info).toMatchObject({ site: SITE, radiusKm: 2, form: {} });

    // A draft keeps whatever is filled, without the rules.
    o = await p2.step(o, 'ehsSubmission/insert', crew.tech, { form: { ...ehs(), risks: ehs().risks.slice(0, 1), ppe: [] } });
    expect(o).toMatchObject({ stage: 'ehs_submission', subStatus: 'draft' });

    const near = north(1.9);
    const tooFew = { form: ehs({ risks: ehs().risks.slice(0, 2) }), location: near };
    expect(await refused('ehsSubmission/submitEhsInfoExamine', crew.tech, o, tooFew)).toBe('请至少填写 3 项风险及其解决方案(已填写 2 项)');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, tooFew)).toBe('Give at least 3 risks, each with its solution (2 given)');
    const blank = { form: ehs({ risks: [...ehs().risks.slice(0, 2), { risk: 'Ladder', solution: ' ' }] }), location: near };
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, blank)).toBe('Give the solution for the risk: Ladder');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', crew.tech, o, { form: ehs({ ppe: [] }), location: near })).toBe('请至少选择一项个人防护装备(PPE)');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs({ ppe: [] }), location: near })).toBe('Choose at least one personal protective equipment (PPE) item');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', crew.tech, o, { form: ehs({ declaration: false }), location: near })).toBe('请勾选声明');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs({ declaration: false }), location: near })).toBe('Please tick the declaration');

    // The geofence: 2.1 km refused with the distance, no location refused, both languages.
    const far = { form: ehs(), location: north(2.1) };
    expect(await refused('ehsSubmission/submitEhsInfoExamine', crew.tech, o, far)).toBe('仅可在现场 2 公里范围内提交(当前距离 2.1 公里)');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, far)).toBe('Only submit within 2 km of the site (you are 2.1 km away)');
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs() })).toMatch(/Your location is needed/);
    // Two rules broken at once: both said.
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs({ ppe: [] }), location: north(3) })).toBe(
      'Choose at least one personal protective equipment (PPE) item; Only submit within 2 km of the site (you are 3 km away)',
    );
    // A forged distance in the form is ignored: the server measures.
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs({ distanceKm: 0.1 }), location: north(2.1) })).toMatch(/2\.1 km away/);
    await refused('ehsSubmission/submitEhsInfoExamine', crew.rollout, o, { form: ehs(), location: near }, 403);

    // 1.9 km is accepted; the location, accuracy and distance are stored; the same submission id again acts no more.
    const submissionId = 'ehs-0001-abcdef';
    const done = await p2.step(o, 'ehsSubmission/submitEhsInfoExamine', crew.tech, { form: ehs(), location: { ...near, accuracy: 12 }, submissionId });
    expect(done.stage).toBe('ehs_verification');
    const again = await post(`${ORDER}/ehsSubmission/submitEhsInfoExamine`, crew.tech, { orderId: o.id, version: o.version, form: ehs(), location: near, submissionId });
    expect(again.json().code, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ stage: 'ehs_verification', version: done.version });
    const submits = await t.database.db.select().from(epcOrderHistory).where(and(eq(epcOrderHistory.orderId, o.id), eq(epcOrderHistory.stage, 'ehs_submission'), eq(epcOrderHistory.action, 'submit')));
    expect(submits).toHaveLength(1);
    const stored = (await get(`${ORDER}/ehsSubmission/selectEhsInfo?orderId=${o.id}`, crew.rollout)).json().data.form;
    expect(stored).toMatchObject({ location: { latitude: near.lat, longitude: near.lng }, accuracy: 12, distanceKm: 1.9, declaration: true });
    o = done;

    // Verification: sub-node statuses stored without moving the stage; only the stage's role; reject back, approve.
    const nodes = { ppe: { status: 'pass' }, risks: { status: 'fail', note: 'Add the ladder' } };
    const kept = await p2.step(o, 'ehsVerification/ehsExamineNodeStatusCommit', crew.rollout, { nodes });
    expect(kept).toMatchObject({ stage: 'ehs_verification', version: o.version });
    await refused('ehsVerification/ehsExamineNodeStatusCommit', crew.tech, o, { nodes }, 403);
    expect((await get(`${ORDER}/ehsSubmission/selectEhsInfo?orderId=${o.id}`, crew.rollout)).json().data.nodes).toEqual(nodes);
    o = await p2.step(o, 'ehsVerification/submitEhsFinalExamine', crew.rollout, { approved: false, reason: 'Add the ladder risk' });
    expect(o.stage).toBe('ehs_submission');
    expect(await refused('ehsVerification/ehsExamineNodeStatusCommit', en(crew.rollout), o, { nodes })).toMatch(/The order is not at "EHS verification"/);
    o = await p2.step(o, 'ehsSubmission/submitEhsInfoExamine', crew.tech, { form: ehs(), location: north(0.05) });
    o = await p2.step(o, 'ehsVerification/submitEhsFinalExamine', crew.rollout, { approved: true });
    expect(o.stage).toBe('qc_submission');

    const history = (await get(`${ORDER}/ehsSubmission/history?orderId=${o.id}`, crew.rollout)).json().data as { stage: string; action: string; approved: boolean | null }[];
    expect(history.map((h) => [h.stage, h.action])).toEqual([
      ['ehs_verification', 'approve'],
      ['ehs_submission', 'submit'],
      ['ehs_verification', 'reject'],
      ['ehs_submission', 'submit'],
      ['ehs_submission', 'save'],
    ]);
  });

  it('refuses a submission when the order has no site point', async () => {
    const { order } = await p2.paidOrder();
    const o = await p2.placeAt(order, 'ehs_submission', { customer: customer() });
    expect(await refused('ehsSubmission/submitEhsInfoExamine', en(crew.tech), o, { form: ehs(), location: SITE })).toMatch(/The order has no site location/);
    expect(await refused('ehsSubmission/submitEhsInfoExamine', crew.tech, o, { form: ehs(), location: SITE })).toMatch(/订单没有现场位置/);
  });
});

describe('installer order: QC submission, verification and commissioning', () => {
  it('checks every serial, then commissions the homeowner station on approval (created once, used again)', async () => {
    const walked = await p2.toEhs();
    const { inverter, batteries, spareInverter } = walked;
    let o = await p2.step(walked.order, 'ehsSubmission/submitEhsInfoExamine', crew.tech, { form: ehs(), location: SITE });
    o = await p2.step(o, 'ehsVerification/submitEhsFinalExamine', crew.rollout, { approved: true });
    expect(o.stage).toBe('qc_submission');

    const basic = (await get(`${ORDER}/qcSubmission/getBasicQcInfo?orderId=${o.id}`, crew.tech)).json().data;
    expect(basic.byType).toEqual({ inverter: [inverter], battery: [...batteries].sort() });
    expect(basic.serials).toContainEqual(expect.objectContaining({ sn: inverter, deviceType: 'inverter', state: 'shipped' }));

    // A battery of the order registered to another station meanwhile; an unknown serial.
    const otherPlant = await createPlant(t.database.db, { name: 'Neighbour station' });
    const [elsewhere] = await registerDevices(t.database.db, [{ tenantId: '000000', plantId: otherPlant, type: 'battery', sn: batteries[1]! }]);
    const unknown = uniqueSn('NOPE');

    const check = await post(`${ORDER}/serialNumber/exist?deviceType=battery`, crew.tech, { orderId: o.id, serials: [batteries[0], batteries[1], inverter, unknown, batteries[0]] });
    expect(check.json().code, check.body).toBe(200);
    const results = check.json().data.results as { sn: string; exists: boolean; ofOrder: boolean; installedElsewhere: boolean; station: string | null; repeated: boolean; ok: boolean }[];
    expect(results.find((r) => r.sn === batteries[1])).toMatchObject({ exists: true, ofOrder: true, installedElsewhere: true, station: 'Neighbour station', ok: false });
    expect(results.find((r) => r.sn === inverter)).toMatchObject({ exists: false, ofOrder: true, ok: false });
    expect(results.find((r) => r.sn === unknown)).toMatchObject({ exists: false, ofOrder: false });
    expect(results.filter((r) => r.sn === batteries[0]).every((r) => r.repeated && r.exists && r.ofOrder)).toBe(true);

    const good = [{ deviceType: 'inverter', sn: inverter }, { deviceType: 'battery', sn: batteries[0]! }];
    const submitQc = 'qcSubmission/submitQcInfo';
    expect(await refused(submitQc, crew.tech, o, { form: qc([{ deviceType: 'inverter', sn: unknown }, good[1]!]) })).toBe(`逆变器序列号不存在: ${unknown}`);
    expect(await refused(submitQc, en(crew.tech), o, { form: qc([{ deviceType: 'inverter', sn: batteries[0]! }]) })).toBe(`Inverter serial does not exist: ${batteries[0]}`);
    expect(await refused(submitQc, crew.tech, o, { form: qc([{ deviceType: 'battery', sn: inverter }]) })).toBe(`电池序列号不存在: ${inverter}`);
    expect(await refused(submitQc, en(crew.tech), o, { form: qc([good[0]!, { deviceType: 'battery', sn: unknown }]) })).toBe(`Battery serial does not exist: ${unknown}`);
    expect(await refused(submitQc, crew.tech, o, { form: qc([...good, good[1]!]) })).toBe(`同一序列号只能选择一次: ${batteries[0]}`);
    expect(await refused(submitQc, en(crew.tech), o, { form: qc([...good, good[1]!]) })).toBe(`The same SN can be selected only once: ${batteries[0]}`);
    expect(await refused(submitQc, en(crew.tech), o, { form: qc([{ deviceType: 'inverter', sn: spareInverter }]) })).toBe(`This serial was not shipped for this order: ${spareInverter}`);
    expect(await refused(submitQc, crew.tech, o, { form: qc([{ deviceType: 'inverter', sn: spareInverter }]) })).toBe(`该序列号不是本订单发货的设备: ${spareInverter}`);
    const withElsewhere = qc([...good, { deviceType: 'battery', sn: batteries[1]! }]);
    expect(await refused(submitQc, en(crew.tech), o, { form: withElsewhere })).toBe(`This serial is already installed in another station: ${batteries[1]}`);
    expect(await refused(submitQc, crew.tech, o, { form: withElsewhere })).toBe(`该序列号已安装在其他电站: ${batteries[1]}`);
    await unbindDevices(t.database.db, [elsewhere!.id], null);

    // Draft, sub-node statuses (stage unchanged), submit, reject back, submit again.
    o = await p2.step(o, 'qcSubmission/saveOrUpdateQcInfo', crew.elec, { form: qc(good) });
    expect(o).toMatchObject({ stage: 'qc_submission', subStatus: 'draft' });
    const kept = await p2.step(o, 'qcSubmission/saveSubNodeApprovalStatus', crew.tech, { nodes: { photos: { status: 'pass' } } });
    expect(kept.version).toBe(o.version);
    const serials = [...good, { deviceType: 'battery', sn: batteries[1]! }];
    o = await p2.step(o, submitQc, crew.tech, { form: qc(serials) });
    expect(o.stage).toBe('qc_verification');
    await p2.step(o, 'qcSubmission/saveSubNodeApprovalStatus', crew.rollout, { nodes: { earthing: { status: 'fail', note: 'Too high' } } });
    const detail = (await get(`${ORDER}/qcSubmission/getQcInfoDetail?orderId=${o.id}`, crew.rollout)).json().data;
    expect(detail).toMatchObject({ form: { serials }, nodes: { photos: { status: 'pass' }, earthing: { status: 'fail', note: 'Too high' } }, commission: null });
    o = await p2.step(o, 'qcVerification/qcVerify', crew.rollout, { approved: false, reason: 'Earthing too high' });
    expect(o.stage).toBe('qc_submission');
    o = await p2.step(o, submitQc, crew.tech, {});
    expect(o.stage).toBe('qc_verification');
    expect((await t.database.db.select().from(device).where(eq(device.deviceSn, inverter)))).toHaveLength(0);

    // Approve: the homeowner's station is created, the serials are its devices and installed in stock.
    o = await p2.step(o, 'qcVerification/qcVerify', crew.rollout, { approved: true });
    expect(o.stage).toBe('fac_sign_audit');
    const commission = (await get(`${ORDER}/qcSubmission/getQcInfoDetail?orderId=${o.id}`, crew.rollout)).json().data.commission;
    expect(commission).toMatchObject({ created: true, serials: serials.map((s) => ({ sn: s.sn, deviceType: s.deviceType })) });
    const [station] = await t.database.db.select().from(plant).where(eq(plant.id, commission.plantId));
    expect(station).toMatchObject({ ownerName: 'Zhang Wei', address: '1 Main Road', latitude: SITE.lat, longitude: SITE.lng });
    expect(station!.operationCompanyName, 'the installer company runs the station').toBeTruthy();
    const devices = await t.database.db.select().from(device).where(and(eq(device.plantId, commission.plantId), eq(device.isDeleted, 0)));
    expect(devices.map((d) => d.deviceSn).sort()).toEqual(serials.map((s) => s.sn).sort());
    expect(devices.find((d) => d.deviceType === 2)?.parentSn).toBe(inverter);
    for (const s of serials) {
      const [row] = await t.database.db.select().from(stockSerial).where(eq(stockSerial.serial, s.sn));
      expect(row).toMatchObject({ status: 'installed', orderRef: o.orderNumber, plantId: commission.plantId });
    }

    // A second order of the same homeowner at the same site: the station is used again, not made twice.
    const second = await p2.toEhs();
    let o2 = await p2.placeAt(second.order, 'qc_verification', { qc: qc([{ deviceType: 'inverter', sn: second.inverter }]) });
    o2 = await p2.step(o2, 'qcVerification/qcVerify', crew.rollout, { approved: true });
    const c2 = (await get(`${ORDER}/qcSubmission/getQcInfoDetail?orderId=${o2.id}`, crew.rollout)).json().data.commission;
    expect(c2).toMatchObject({ created: false, plantId: commission.plantId });
    const [dev2] = await t.database.db.select().from(device).where(and(eq(device.deviceSn, second.inverter), eq(device.isDeleted, 0)));
    expect(dev2!.plantId).toBe(commission.plantId);

    // Another installer company's order for the same homeowner and site: a station of its own, which its staff see
    // (the first company's station is not taken: its devices would land where this company cannot see them).
    const otherCrew = await makeCrew(admin);
    const other = part2(() => t, () => admin, () => otherCrew);
    const third = await other.toEhs();
    let o3 = await other.placeAt(third.order, 'qc_verification', { qc: qc([{ deviceType: 'inverter', sn: third.inverter }]) });
    o3 = await other.step(o3, 'qcVerification/qcVerify', otherCrew.rollout, { approved: true });
    const c3 = (await get(`${ORDER}/qcSubmission/getQcInfoDetail?orderId=${o3.id}`, otherCrew.rollout)).json().data.commission;
    expect(c3).toMatchObject({ created: true });
    expect(c3.plantId).not.toBe(commission.plantId);
    const seen = await get(`/api/skyworth-client/plant/detail?id=${c3.plantId}`, otherCrew.delivery);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((await get(`/api/skyworth-client/plant/detail?id=${commission.plantId}`, otherCrew.delivery)).statusCode).toBe(400);
  }, 120_000);

  it('refuses the approval when a serial went to another station meanwhile, and keeps nothing', async () => {
    const walked = await p2.toEhs();
    const sn = walked.inverter;
    let o = await p2.placeAt(walked.order, 'qc_verification', { qc: qc([{ deviceType: 'inverter', sn }]) });
    const other = await createPlant(t.database.db, { name: 'Other' });
    await registerDevices(t.database.db, [{ tenantId: '000000', plantId: other, type: 'inverter', sn }]);
    expect(await refused('qcVerification/qcVerify', en(crew.rollout), o, { approved: true })).toBe(`This serial is already installed in another station: ${sn}`);
    const [row] = await t.database.db.select().from(stockSerial).where(eq(stockSerial.serial, sn));
    expect(row).toMatchObject({ status: 'shipped' });
    // Rejected back to EHS submission instead.
    o = await p2.step(o, 'qcVerification/qcVerify', crew.rollout, { approved: false, reason: 'Redo EHS', targetStage: 'ehs_submission' });
    expect(o.stage).toBe('ehs_submission');
  }, 60_000);
});
