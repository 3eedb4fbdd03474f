/**
 * The second half of installer orders (issue 19) for the browser walks: an order brought through the API to the EHS
 * submission or on to the FAC sign audit, a person signed in on a 375 px phone with the browser's location set, and
 * the stage panel's parts. Shared by the field walk (epc-field.spec.ts) and the handover walk (epc-handover.spec.ts).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Locator, Page } from '@playwright/test';
import { uniq } from './crud-helpers';
import { featureTexts, spaced, type Api, type Lang } from './fleet-api';
import { apiStep, expect, ORDER, orderOf, PASSWORD, surveyForm, type Crew, type Person } from './epc-order-fixtures';
import { chooseLanguage, PAGE_LOAD, watchProblems } from './helpers';

const S = featureTexts('epc', 'epc-stage');
export const PHONE = { width: 375, height: 812 };

/**
 * Draws a signature on a signature pad (a canvas) with the mouse, as a finger would: a zig-zag stroke across it. The
 * pad must fit the phone's width (no sideways scrolling to sign).
 */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  const box = (await canvas.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 24, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}
export const SITE = { latitude: -26.2041, longitude: 28.0473 };
/** 2.1 km north of the site (haversine, R 6378.137 km), and 0.5 km. */
export const FAR = { latitude: SITE.latitude + 0.0188646, longitude: SITE.longitude };
export const NEAR = { latitude: SITE.latitude + 0.0045, longitude: SITE.longitude };

export const png = (w: number, h: number, label: string) => {
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#2f7d32';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#fff';
  g.font = `${Math.round(h / 8)}px sans-serif`;
  g.fillText(label, w / 8, h / 2);
  return c.toBuffer('image/png');
};

/** An order with two factory-listed inverters (serial-tracked) and a battery, brought to the EHS submission. */
export async function orderAtEhs(crew: Crew, admin: Api, lang: Lang): Promise<{ id: string; sns: string[] }> {
  const tag = uniq();
  const sns = [`FW-INV-${tag}-1`.toUpperCase(), `FW-INV-${tag}-2`.toUpperCase()];
  for (const deviceSn of sns) await admin.post('/api/skyworth-client/deviceExitFactoryInfo/save', { deviceSn });
  const code = `FWI-${tag}`.toUpperCase();
  const inv = await admin.post<{ id: string }>('/api/skyworth-agent/skuBaseInfo/save', { sku: code, skuName: `Hybrid inverter ${tag}`, skuType: 1, unit: 'pcs', unitPrice: '12000', serialTracked: 1 });
  await admin.post('/api/skyworth-agent/skuHistory/save', { movementType: 'receive', skuId: inv.id, quantity: 2, serials: sns, reference: `PO-${tag}` });
  const bat = crew.skus[1]!;
  const customer = {
    name: lang === 'zh-CN' ? '王小明' : 'Thabo Nkosi', phoneDiallingCode: '+27', phone: '821234567', email: crew.email,
    installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: '1 Main Road', projectType: '1', location: SITE,
  };
  const { id } = await crew.agent.api.post<{ id: string }>('/api/skyworth-agent/createOrder/insertOrder', { customer, submit: true });
  const materials = [
    { sku: code, name: `Hybrid inverter ${tag}`, equipmentType: 'inverter', quantity: 2 },
    { sku: bat.sku, name: bat.skuName, equipmentType: 'battery', quantity: 1 },
  ];
  const recipient = { name: customer.name, contact: '+27 821234567', address: '1 Main Road' };
  await apiStep(crew.delivery, id, 'calloutQuote/submit', { form: { amount: 300, recipient } });
  await apiStep(crew.finance, id, 'calloutQuote/audit', { approved: true });
  await apiStep(crew.rollout, id, 'explorationDate/submit', { date: '2026-12-01' });
  const staff = await crew.rollout.api.get<{ id: string; account: string }[]>(`${ORDER}/designatedPerson/select?orderId=${id}`);
  const idOf = (p: Person) => staff.find((s) => s.account === p.account)!.id;
  const team = { technicianIds: [idOf(crew.tech)], electricianIds: [idOf(crew.elec)] };
  await apiStep(crew.rollout, id, 'designatedPerson/assign', team);
  await apiStep(crew.tech, id, 'survey/submit', { form: surveyForm });
  await apiStep(crew.rollout, id, 'survey/audit', { approved: true });
  await apiStep(crew.designer, id, 'design/submit', { form: { basePackage: 'BP-5K', materials, summary: { kwp: 5, inverterKw: 10, batteryKwh: 10 } } });
  await apiStep(crew.rollout, id, 'design/audit', { approved: true });
  await apiStep(crew.warehouse, id, 'stock/audit', { approved: true, form: { lines: materials.map((m) => ({ sku: m.sku, quantity: m.quantity, status: 'confirmed' })) } });
  await apiStep(crew.delivery, id, 'quote/submit', { form: { lines: materials.map((m) => ({ sku: m.sku, name: m.name, quantity: m.quantity, unitPrice: 1000 })), recipient } });
  await apiStep(crew.finance, id, 'quote/quoteAudit', { approved: true });
  await apiStep(crew.finance, id, 'installPay/confirm', { form: { amount: 3000, paidAt: '2026-11-28' } });
  await apiStep(crew.rollout, id, 'installationDate/examineInstallationDate', { date: '2026-12-10' });
  await apiStep(crew.rollout, id, 'installWoAssignment/examineWoAssignment', team);
  await apiStep(crew.warehouse, id, 'materialCollection/examine', { form: { lines: [{ sku: code, quantity: 2, serials: sns }, { sku: bat.sku, quantity: 1 }], deliveryNumber: `DN-${tag}` } });
  const signature = await crew.tech.api.upload<{ attachId: string }>('/api/blade-resource/oss/endpoint/put-file?use=attachment', 'signature.png', png(300, 120, 'T.N.'));
  await apiStep(crew.tech, id, 'sign/submit', { signature: String(signature.attachId), signedAt: '2026-12-10 10:00', confirmed: true });
  expect((await orderOf(crew.tech.api, id)).stage).toBe('ehs_submission');
  return { id, sns };
}

/** `p` signed in on a 375 px phone whose location is `at` (permission granted). */
export async function phoneOf(browser: Browser, baseURL: string, p: Person, lang: Lang) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: lang, geolocation: FAR, permissions: ['geolocation'] });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto('/login');
  await chooseLanguage(page, lang);
  const en = lang === 'en-US';
  const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
  if (await tenant.isVisible()) await tenant.fill('000000');
  await page.getByLabel(en ? 'Account' : '账号').fill(p.account);
  await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
  return { page, context, problems };
}

export const panelOf = (page: Page) => page.getByTestId('stage-panel');
export const action = (page: Page, lang: Lang, a: string) => panelOf(page).getByTestId('stage-actions').getByRole('button', { name: spaced(S(lang, `panel.action.${a}`), { exact: true }) });

export async function open(page: Page, id: string, stage: string) {
  await page.goto(`/epc/order/detail/${id}`);
  await expect(panelOf(page)).toHaveAttribute('data-stage', stage, PAGE_LOAD);
}


/** The API's QC form for the order's two inverter serials, with uploaded photos (as the phone sends it). */
async function qcForm(who: Person, sns: string[]) {
  const photo = async (name: string) => String((await who.api.upload<{ attachId: string }>('/api/blade-resource/oss/endpoint/put-file?use=attachment', `${name}.png`, png(320, 240, name))).attachId);
  return {
    inverterType: 'hybrid',
    photos: [await photo('inverter')],
    serials: sns.map((sn) => ({ deviceType: 'inverter', sn })),
    panelPhotos: [await photo('panels')],
    earthing: { value: 1.2, unit: 'ohm' },
    batteryCount: '1',
  };
}

/**
 * An order at the FAC sign audit: as `orderAtEhs`, then through the API the EHS submitted at the site and approved,
 * the QC submitted with both shipped serials and approved (the station commissioned).
 */
export async function orderAtFac(crew: Crew, admin: Api, lang: Lang): Promise<{ id: string; sns: string[] }> {
  const at = await orderAtEhs(crew, admin, lang);
  const ehs = {
    workDate: '2026-12-11',
    emergencyNumbers: ['10111'],
    risks: [{ risk: 'Working at height', solution: 'Harness' }, { risk: 'Live DC cables', solution: 'Isolate strings' }, { risk: 'Hot roof', solution: 'Water and breaks' }],
    ppe: ['helmet'],
    declaration: true,
  };
  await apiStep(crew.tech, at.id, 'ehsSubmission/submitEhsInfoExamine', { form: ehs, location: { lat: NEAR.latitude, lng: NEAR.longitude } });
  await apiStep(crew.rollout, at.id, 'ehsVerification/submitEhsFinalExamine', { approved: true });
  await apiStep(crew.tech, at.id, 'qcSubmission/submitQcInfo', { form: await qcForm(crew.tech, at.sns) });
  await apiStep(crew.rollout, at.id, 'qcVerification/qcVerify', { approved: true });
  expect((await orderOf(crew.tech.api, at.id)).stage).toBe('fac_sign_audit');
  return at;
}
