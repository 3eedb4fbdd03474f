/**
 * For the installer-order walk (e2e/epc-order.spec.ts): its server (loopback allow-listed for the SMTP sink, as
 * e2e/mail.spec.ts's), an SMTP sink on 127.0.0.1 (the same minimal sink as mail.spec's), the people of one agent
 * company made through the API (a company administrator — the agent — and a staff member per agent role, platform
 * finance and designer users), SKUs with stock, the tenant's mail configuration pointing to the sink, the order's
 * steps through the API, the walk's people in their own browser contexts, full-height screenshots, the quote PDF taken out of a received mail and its first page rendered to PNG.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import type { Browser, Page } from '@playwright/test';
import { expect } from './smtp-sink';
import { uniq } from './crud-helpers';
import { PAGE_LOAD, chooseLanguage, watchProblems } from './helpers';
import { adminApi, type Api, type Lang } from './fleet-api';

export const ORDER = '/api/skyworth-agent/order';
const AGENT = '/api/skyworth-agent/agent';
export const PASSWORD = 'Order2026pw';
export const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

export type { Delivered, Sink } from './smtp-sink';
export { mailTest as test, expect } from './smtp-sink';

export interface Person {
  account: string;
  realName: string;
  api: Api;
}

export interface Crew {
  companyId: string;
  companyName: string;
  agent: Person;
  rollout: Person;
  delivery: Person;
  tech: Person;
  elec: Person;
  warehouse: Person;
  finance: Person;
  designer: Person;
  /** Two SKUs with stock (an inverter and a battery). */
  skus: { sku: string; skuName: string }[];
  /** The customer's e-mail (the quote goes there). */
  email: string;
  dispose(): Promise<void>;
}

/**
 * One agent company with its administrator (the agent) and a staff member per role, finance and designer users (the
 * seeded roles), two SKUs with stock, and — given a sink's port — the tenant's SMTP configuration pointing to it.
 */
export async function makeCrew(url: string, sinkPort: number | undefined, tag = uniq()): Promise<Crew> {
  const admin = await adminApi(url);
  const made: Api[] = [admin];
  const person = async (account: string, realName: string): Promise<Person> => {
    const api = await adminApi(url, account, PASSWORD);
    made.push(api);
    return { account, realName, api };
  };
  try {
    const companyName = `Sunrise Solar ${tag}`;
    const agentAccount = `eoa${tag}`;
    const company = await admin.post<{ id: string }>(`${AGENT}/save`, {
      companyName,
      agentType: 1,
      contactName: 'Li Lei',
      phoneDiallingCode: '+86',
      phone: '13800138000',
      email: `agent${tag}@example.com`,
      adminAccount: agentAccount,
      adminPassword: PASSWORD,
    });
    const staff = async (roleAlias: string, prefix: string, realName: string) => {
      const account = `${prefix}${tag}`;
      await admin.post(`${AGENT}/staff/save`, { agentId: company.id, account, realName: `${realName} ${tag}`, phone: '13800000011', roleAlias, password: PASSWORD });
      return person(account, `${realName} ${tag}`);
    };
    const roles = await admin.get<{ id: string; roleAlias: string }[]>('/api/blade-system/role/select');
    const platform = async (alias: string, prefix: string, realName: string) => {
      const account = `${prefix}${tag}`;
      const roleId = roles.find((r) => r.roleAlias === alias)!.id;
      await admin.post('/api/blade-system/user/submit', { account, name: `${realName} ${tag}`, realName: `${realName} ${tag}`, phoneDiallingCode: '+86', phone: '13800138002', roleId, userType: 1, password: PASSWORD });
      return person(account, `${realName} ${tag}`);
    };
    const skus = [
      { sku: `INV-${tag}`.toUpperCase(), skuName: `Hybrid inverter 5kW ${tag}`, skuType: 1, unitPrice: '12000' },
      { sku: `BAT-${tag}`.toUpperCase(), skuName: `LFP battery 10kWh ${tag}`, skuType: 2, unitPrice: '18000' },
    ];
    for (const s of skus) {
      const saved = await admin.post<{ id: string }>('/api/skyworth-agent/skuBaseInfo/save', { sku: s.sku, skuName: s.skuName, skuType: s.skuType, unit: 'pcs', unitPrice: s.unitPrice });
      await admin.post('/api/skyworth-agent/skuHistory/save', { movementType: 'receive', skuId: saved.id, quantity: 10, reference: `PO-${tag}` });
    }
    // The design step names an enabled base package of the tenant (the epc-package module): BP-5K, made once per server.
    const packages = await admin.get<{ records: { code: string }[] }>('/api/skyworth-agent/order/basePackage/list?code=BP-5K');
    if (!packages.records.some((r) => r.code === 'BP-5K')) {
      await admin.post('/api/skyworth-agent/order/basePackage/submit', { code: 'BP-5K', name: 'Hybrid 5 kW + 10 kWh', enabled: 1, kwp: '5', inverterKw: '5', batteryKwh: '10' });
    }
    if (sinkPort !== undefined) {
      const mail = await admin.post<{ id: string }>('/api/blade-resource/mail/submit', {
        name: `quotes-${tag}`,
        host: '127.0.0.1',
        port: sinkPort,
        security: 'none',
        fromAddress: 'quotes@helio.example',
        fromName: 'Helio Quotes',
      });
      await admin.post(`/api/blade-resource/mail/enable?id=${mail.id}`, {});
    }
    const crew: Crew = {
      companyId: company.id,
      companyName,
      agent: await person(agentAccount, agentAccount),
      rollout: await staff('rollout_manager', 'eor', 'Rollout'),
      delivery: await staff('delivery_manager', 'eod', 'Delivery'),
      tech: await staff('site_technician', 'eot', 'Technician'),
      elec: await staff('electrician', 'eoe', 'Electrician'),
      warehouse: await staff('warehouse_manager', 'eow', 'Warehouse'),
      finance: await platform('finance', 'eof', 'Finance'),
      designer: await platform('designer', 'eog', 'Designer'),
      skus: skus.map(({ sku, skuName }) => ({ sku, skuName })),
      email: `owner-${tag}@example.com`,
      dispose: async () => void (await Promise.all(made.map((a) => a.dispose()))),
    };
    return crew;
  } catch (e) {
    await Promise.all(made.map((a) => a.dispose()));
    throw e;
  }
}

export interface OrderState {
  id: string;
  orderNumber: string;
  stage: string;
  version: number;
  inReview?: boolean;
}

export const orderOf = async (api: Api, id: string) => (await api.get<{ order: OrderState; actions: string[] }>(`${ORDER}/selectBaseOrderInfo?orderId=${id}`)).order;

/** One step of the order through the API as `who`, at the order's current version; answers the order after it. */
export async function apiStep(who: Person, id: string, url: string, body: Record<string, unknown>): Promise<OrderState> {
  const { version } = await orderOf(who.api, id);
  return who.api.post<OrderState>(`${ORDER}/${url}`, { orderId: id, version, ...body });
}

/** The first `application/pdf` part of a received message, decoded (base64 as the mail module writes it). */
export function pdfAttachment(raw: string): Buffer {
  const at = raw.search(/Content-Type:\s*application\/pdf/i);
  expect(at, 'a PDF part in the mail').toBeGreaterThanOrEqual(0);
  const part = raw.slice(at);
  const head = part.search(/\r?\n\r?\n/);
  expect(part.slice(0, head)).toMatch(/Content-Transfer-Encoding:\s*base64/i);
  const body = part.slice(head).replace(/^\s+/, '');
  const end = body.search(/\r?\n--/);
  return Buffer.from((end < 0 ? body : body.slice(0, end)).replace(/\s+/g, ''), 'base64');
}

/** The PDF's first page rendered with pdf.js on a canvas (@napi-rs/canvas), written as a PNG; answers its text. */
export async function renderFirstPage(pdf: Buffer, file: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    writeFileSync(file, canvas.toBuffer('image/png'));
    const text = await page.getTextContent();
    return text.items.map((i) => ('str' in i ? i.str : '')).join(' ');
  } finally {
    await doc.destroy();
  }
}

/** The walk's people, each in a browser context of their own signed in through the form in the walk's language. */
export class People {
  private readonly pages = new Map<string, Page>();
  readonly problems: string[][] = [];
  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly lang: Lang,
  ) {}

  async as(p: Person): Promise<Page> {
    const known = this.pages.get(p.account);
    if (known) return known;
    const page = await (await this.browser.newContext({ baseURL: this.baseURL })).newPage();
    this.problems.push(watchProblems(page));
    await page.goto('/login');
    await chooseLanguage(page, this.lang);
    const en = this.lang === 'en-US';
    const tenant = page.getByLabel(en ? 'Tenant ID' : '租户ID');
    if (await tenant.isVisible()) await tenant.fill('000000');
    await page.getByLabel(en ? 'Account' : '账号').fill(p.account);
    await page.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/wel\/index$/, PAGE_LOAD);
    this.pages.set(p.account, page);
    return page;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pages.values()].map((p) => p.context().close()));
  }
}

/**
 * A screenshot of the whole screen: the console scrolls its content pane, not the page, so the viewport is made as
 * tall as the content for the shot (toasts gone first), then put back.
 */
export async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => Math.max(...[...document.querySelectorAll('main, main *')].map((e) => e.scrollHeight + e.getBoundingClientRect().top)));
  await page.setViewportSize({ width: size.width, height: Math.min(Math.ceil(height) + 40, 12_000) });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/epc-order-${name}.png`, fullPage: true });
  await page.setViewportSize(size);
}

/** The API's survey (en-US): what the technician's form sends. */
export const surveyForm = {
  installType: 'roof',
  buildingMaterial: '1',
  houseType: '1',
  roof: { type: '1', material: '1' },
  panel: { position: '1', type: '1', orientation: '1' },
  photos: ['p1'],
  signatures: { landlord: 's1', installer: 's2', electrician: 's3', owner: 's4' },
  confirmed: true,
  electrical: { infrastructure: '1', appliances: [{ type: 'fridge', quantity: 1, power: 200 }] },
};
