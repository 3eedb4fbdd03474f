/**
 * Installer order, part 2 (issue 19): the field stages' HTTP routes (contracts order.field.api.ts) — EHS info,
 * history, draft and submission (the phone's location recorded in the form with its distance to the site), EHS
 * verification (sub-node statuses, final decision), QC basic info (the order's shipped serials by device type),
 * detail, draft, submission and sub-node statuses, QC verification (approve commissions), and the per-serial check.
 * Each route translates HTTP ↔ reads and steps (epc-order.route-helpers.ts); the stage engine and the field
 * extension (epc-order.field.ts) decide.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { distanceKm, SITE_RADIUS_KM } from '@helio/contracts/modules/epc/geo';
import * as api from '@helio/contracts/modules/epc/order.field.api';
import { ForbiddenError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { ConflictError } from '../../core/optimistic.js';
import type { Db } from '../../db/client.js';
import { dictBiz } from '../../db/schema.js';
import type { DeviceKind } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { findFactorySerials } from '../factory/index.js';
import { referenceSerials } from '../stock/index.js';
import type { OrderKind } from './epc-order.kind.js';
import { lookupSerials, serialVerdicts, sitePoint } from './epc-order.field.js';
import { fieldError } from './epc-order.field.messages.js';
import { stepHelpers, routeOn, same, type EndpointPick } from './epc-order.route-helpers.js';

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
type Nodes = Record<string, { status: 'pass' | 'fail'; note?: string | undefined }>;
type Loc = { lat: number; lng: number; accuracy?: number | undefined };
const EHS_STAGES = ['ehs_submission', 'ehs_verification'];

/** The business dictionary's items of a code (the tenant's, else the platform's), in the caller's language. */
async function dictItems(db: Db, tenantId: string, code: string, lang: Lang) {
  const load = (t: string) =>
    db
      .select({ value: dictBiz.dictKey, label: dictBiz.dictValue, language: dictBiz.language })
      .from(dictBiz)
      .where(and(eq(dictBiz.code, code), eq(dictBiz.tenantId, t), ne(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0), eq(dictBiz.status, 1)))
      .orderBy(asc(dictBiz.sort));
  let rows = await load(tenantId);
  if (!rows.length && tenantId !== PLATFORM_TENANT_ID) rows = await load(PLATFORM_TENANT_ID);
  const own = rows.filter((r) => r.language === lang);
  return (own.length ? own : rows.filter((r) => r.language === 'zh-CN')).map((r) => ({ value: r.value, label: r.label }));
}

export function fieldRoutes(app: FastifyInstance, ctx: ModuleContext, m: OrderKind, pick: EndpointPick = same): void {
  const on = routeOn(app, pick);
  const { reads, steps } = m;
  const { vo, decide, submit } = stepHelpers(m);
  const db = ctx.db;
  const DEF = reads.def;
  const stageName = (id: string, lang: Lang) => DEF.stage(id)?.name[lang === 'en-US' ? 'en' : 'zh'] ?? id;

  // ── EHS ──
  on(api.ehsInfo, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    const data = await reads.data(db, row.id);
    const site = sitePoint(data);
    return {
      order: await reads.voOf(row, req.lang),
      form: data.ehs ?? {},
      site: site ? { lat: site.latitude, lng: site.longitude } : null,
      radiusKm: SITE_RADIUS_KM,
      nodes: (data.ehsNodes ?? {}) as Nodes,
    };
  });
  on(api.ehsHistory, async (req) => {
    const d = await reads.detail(req.user!, req.query.orderId, req.lang);
    return d.history.filter((h) => EHS_STAGES.includes(h.stage) || (h.toStage === 'ehs_submission' && h.stage !== 'material_signing')).reverse();
  });

  /** The EHS form as sent (else the stored draft), with the location the step sent and its distance to the site. */
  type EhsBody = { orderId: string | number; version: number; submissionId?: string | undefined; form?: Rec | undefined; location?: Loc | undefined };
  const ehsStep = async (actor: Actor, lang: Lang, b: EhsBody, action: 'save' | 'submit') => {
    const row = await reads.load(actor, b.orderId, lang);
    const data = await reads.data(db, row.id);
    const { location: _l, accuracy: _a, distanceKm: _d, ...form } = obj(b.form ?? data.ehs);
    if (b.location) {
      const here = { latitude: b.location.lat, longitude: b.location.lng };
      const site = sitePoint(data);
      Object.assign(form, { location: here }, b.location.accuracy !== undefined ? { accuracy: b.location.accuracy } : {}, site ? { distanceKm: distanceKm(here, site) } : {});
    }
    return vo(actor, lang, b.orderId, { stage: 'ehs_submission', version: b.version, submissionId: b.submissionId, action, formData: form });
  };
  on(api.ehsSubmit, (req) => ehsStep(req.user!, req.lang, req.body, 'submit'));
  on(api.ehsInsert, (req) => ehsStep(req.user!, req.lang, req.body, 'save'));

  /** Sub-node statuses merged into `formKey`, by the current stage's roles, the order's version unchanged. */
  type NodesBody = { orderId: string | number; version: number; nodes: Nodes };
  const saveNodes = async (actor: Actor, lang: Lang, b: NodesBody, formKey: string, stages: string[]) => {
    const companies = await reads.companies(actor);
    const row = await ctx.tx(async (tx) => {
      const r = await reads.load(actor, b.orderId, lang, tx, true);
      if (b.version !== r.version) throw new ConflictError();
      if (!stages.includes(r.stage)) throw fieldError(lang, 'nodesWrongStage', { stage: stages.map((s) => stageName(s, lang)).join(' / ') });
      const actors: readonly string[] = DEF.stage(r.stage)?.actors ?? [];
      if (!actor.isAdministrator && !reads.roles(actor, r.agentId, companies).some((x) => actors.includes(x))) throw new ForbiddenError();
      const stored = obj((await reads.data(tx, r.id))[formKey]);
      await steps.storeForm(tx, r, formKey, { ...stored, ...b.nodes }, actor.userId);
      return r;
    });
    return reads.voOf(row, lang);
  };
  on(api.surveyNodes, (req) => saveNodes(req.user!, req.lang, req.body, 'surveyNodes', ['survey_review']));
  on(api.ehsExamine, (req) => saveNodes(req.user!, req.lang, req.body, 'ehsNodes', ['ehs_verification']));
  on(api.ehsFinalExamine, (req) => decide(req.user!, req.lang, req.body, 'ehs_verification', 'ehs_submission'));

  // ── QC ──
  on(api.qcBasic, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    const shipped = await referenceSerials(db, row.tenantId, row.orderNumber);
    const kinds = await findFactorySerials(db, shipped.map((s) => s.serial));
    const serials = shipped.map((s) => ({ sn: s.serial, sku: s.sku, deviceType: kinds.get(s.serial) ?? null, state: s.status }));
    const byType: Record<string, string[]> = {};
    for (const s of serials) if (s.deviceType) (byType[s.deviceType] ??= []).push(s.sn);
    return { order: await reads.voOf(row, req.lang), serials, byType, inverterTypes: await dictItems(db, row.tenantId, 'inverter_type', req.lang) };
  });
  on(api.qcDetail, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    const data = await reads.data(db, row.id);
    const c = data.commission as { plantId: string; plantName: string; created: boolean; serials: { sn: string; deviceType: string }[]; at: string } | undefined;
    return { order: await reads.voOf(row, req.lang), form: data[DEF.formOf('qc_submission')?.key ?? 'qc'] ?? {}, nodes: (data.qcNodes ?? {}) as Nodes, commission: c ?? null };
  });
  on(api.qcSave, (req) => submit(req.user!, req.lang, { ...req.body, save: true }, 'qc_submission'));
  on(api.qcSubmit, (req) => submit(req.user!, req.lang, req.body, 'qc_submission'));
  on(api.qcSubNodeStatus, (req) => saveNodes(req.user!, req.lang, req.body, 'qcNodes', ['qc_submission', 'qc_verification']));
  on(api.qcVerify, (req) => decide(req.user!, req.lang, req.body, 'qc_verification', 'qc_submission'));

  // ── Serial check ──
  on(api.serialCheck, async (req) => {
    const row = await reads.load(req.user!, req.body.orderId, req.lang);
    const data = await reads.data(db, row.id);
    const deviceType = req.query.deviceType as DeviceKind;
    const list = req.body.serials.map((sn) => ({ deviceType, sn: sn.trim() }));
    const look = await lookupSerials(db, row, data, list);
    const results = serialVerdicts(list, look).map(({ s, problems }) => {
      const at = look.installed.get(s.sn);
      const elsewhere = problems.includes('installedElsewhere');
      return {
        sn: s.sn,
        exists: !problems.includes('notExist'),
        ofOrder: !problems.includes('notOrders'),
        installedElsewhere: elsewhere,
        station: elsewhere && at && at.tenantId === row.tenantId ? at.plantName : null,
        repeated: problems.includes('repeated'),
        ok: problems.length === 0,
      };
    });
    return { results, failed: results.filter((r) => !r.ok).length };
  });
}
