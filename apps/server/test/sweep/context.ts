/**
 * The sweep's shared state: one app (OpenAPI on), tenant B's world, B's answers to every readable route BEFORE
 * tenant A exists, then tenant A's world, the strings of A that must never reach B (and the reverse), and what A's
 * administrator sees of A's records (re-read at the end).
 */
import { eq } from 'drizzle-orm';
import { menu } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helper.js';
import type { BodyContext } from './bodies.js';
import { PUBLIC, NOT_SWEPT, platformOnly } from './listings.js';
import { send, type Answer, type Request } from './probe.js';
import { catalog, isItemRoute, requestFor, type Route, type Target } from './routes.js';
import { tables, tenantStrings, type TableInfo } from './tables.js';
import { buildWorld, PASSWORD, type Kind, type World } from './world.js';

export const A_TENANT = '300001';
export const B_TENANT = '300002';

export interface Sweep {
  t: TestApp;
  routes: Route[];
  tables: TableInfo[];
  a: World;
  b: World;
  /** Record ids, device SNs and the marker of each tenant. */
  aSecrets: string[];
  bSecrets: string[];
  /** B's answer (shape) to each readable route before A existed. */
  before: Map<string, string>;
  body: BodyContext;
  engineApis: Set<string>;
  /** A's records as A's administrator read them before B's writes. */
  aView: Map<string, string>;
  /** Fingerprint of A's rows and the platform-wide tables before B's writes. */
  aRows: Record<string, string>;
}

/** Authenticated routes the sweep calls (public and NOT_SWEPT routes are listed instead). */
export const swept = (r: Route) => !(r.key in PUBLIC) && !(r.key in NOT_SWEPT);
/** GET routes called without naming records (lists, trees, selects, summaries, exports). */
export const isCollection = (r: Route) => r.method === 'GET' && !isItemRoute(r);

/** The detail route of each kind: A's administrator reads them at the start and at the end. */
export const DETAIL_OF: Partial<Record<Kind, string>> = {
  member: '/api/blade-system/user/detail',
  post: '/api/blade-system/post/detail',
  dept: '/api/blade-system/dept/detail',
  dictbiz: '/api/blade-system/dict-biz/detail',
  topmenu: '/api/blade-system/topmenu/detail',
  role: '/api/blade-system/role/detail',
  oss: '/api/blade-resource/oss/detail',
  sms: '/api/blade-resource/sms/detail',
  notice: '/api/blade-desk/notice/detail',
  sku: '/api/skyworth-agent/skuBaseInfo/detail',
  warehouse: '/api/skyworth-agent/warehouse/detail',
  epcPackage: '/api/skyworth-agent/order/basePackage/detail',
  epcPackageLine: '/api/skyworth-agent/order/basePackage/line/detail',
  material: '/api/skyworth-agent/material/detail',
  agentCompany: '/api/skyworth-agent/agent/detail',
  attach: '/api/blade-resource/attach/detail',
  outbox: '/api/blade-resource/sms/outbox/detail',
  mail: '/api/blade-resource/mail/detail',
  mailOutbox: '/api/blade-resource/mail/outbox/detail',
  report: '/api/blade-report/report/rest/detail',
  plant: '/api/skyworth-client/plant/detail',
  inverter: '/api/skyworth-client/inverter/detail',
  battery: '/api/skyworth-client/battery/deviceInformation',
  guardian: '/api/skyworth-client/guardianPlant/detail',
  charger: '/api/skyworth-client/charger/detail',
  logApi: '/api/blade-log/api/detail',
  otaPackage: '/api/skyworth-toolkit/otaUpdatePack/detail',
};

export async function readRecords(t: TestApp, w: World): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [kind, url] of Object.entries(DETAIL_OF) as [Kind, string][]) {
    const res = await t.req({ method: 'GET', url: `${url}?id=${w.ids[kind]}`, headers: w.headers });
    out.set(kind, `${res.statusCode} ${res.body}`);
  }
  return out;
}

export const target = (w: World): Target => ({ ids: w.ids, sns: w.sns, tenantId: w.tenantId, marker: w.marker, smsCode: w.smsCode, memberAccount: w.memberAccount });

/** Sends as a world's user; a session ended by an earlier probe (e.g. a password reset of B's own) signs in again. */
export async function sendAs(s: Sweep, w: World, who: 'admin' | 'member', r: Request): Promise<Answer> {
  const ans = await send(s.t, who === 'admin' ? w.headers : w.memberHeaders, r);
  if (ans.status !== 401) return ans;
  const tok = await s.t.login(who === 'admin' ? w.adminAccount : w.memberAccount, PASSWORD, w.tenantId);
  if (!tok.access_token) return ans;
  const h = { 'blade-auth': `bearer ${tok.access_token}` };
  if (who === 'admin') w.headers = h;
  else w.memberHeaders = h;
  return send(s.t, h, r);
}

/** The sweep's app: OpenAPI on (the sweep reads it), API log off (its rows would change between two reads). */
export const sweepApp = () => createTestApp({ HELIO_API_DOCS: 'on', HELIO_API_LOG: 'off' });

export async function setupSweep(t: TestApp): Promise<Sweep> {
  const routes = catalog(t);
  const all = await tables(t);
  const b = await buildWorld(t, B_TENANT, 'qzxb7');
  // B's writes while building its world are in the API log: the batched writer must have written them first.
  await t.services.logs.flush();
  const s = { t, routes, tables: all, b } as Sweep;
  // B's view of everything readable while A does not exist yet.
  s.before = new Map();
  for (const r of routes.filter((x) => swept(x) && isCollection(x) && !platformOnly(x.key))) {
    s.before.set(r.key, (await sendAs(s, b, 'admin', requestFor(r, 'plain'))).shape([]));
  }
  s.a = await buildWorld(t, A_TENANT, 'qzxa7');
  // Tenant ids only in their JSON and cell forms: bare, six digits could occur inside any long id.
  const tenantForms = (id: string) => [`"${id}"`, `>${id}<`];
  s.aSecrets = [...(await tenantStrings(t, all, A_TENANT)), s.a.marker, ...tenantForms(A_TENANT)];
  s.bSecrets = [...(await tenantStrings(t, all, B_TENANT)), b.marker, ...tenantForms(B_TENANT)];
  s.engineApis = new Set([...t.services.crud.values()].map((h) => h.def.api));
  const echo: BodyContext['echo'] = {};
  for (const kind of ['member', 'post', 'dept', 'dictbiz', 'topmenu', 'role', 'oss', 'sms', 'mail', 'notice', 'otaPackage', 'sku', 'warehouse', 'material', 'agentCompany', 'epcPackage', 'epcPackageLine'] as const) {
    const res = await t.req({ method: 'GET', url: `${DETAIL_OF[kind]}?id=${b.ids[kind]}`, headers: b.headers });
    echo[kind] = res.json().data as Record<string, unknown>;
  }
  const [postMenu] = await t.database.db.select({ id: menu.id }).from(menu).where(eq(menu.code, 'post'));
  s.body = { t, echo, menuId: postMenu!.id };
  return s;
}
