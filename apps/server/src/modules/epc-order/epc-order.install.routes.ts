/**
 * Installer order, part 2 (issue 19): the install stages' HTTP routes (contracts order.install.api.ts) — installation
 * date (with the team's clashes), work-order assignment, material collection (shipment) and its signing or loss. Each
 * route translates HTTP ↔ reads and steps (epc-order.route-helpers.ts); the stage engine decides whether the caller may.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import * as api from '@helio/contracts/modules/epc/order.install.api';
import { processOf } from '@helio/contracts/modules/epc/processes';
import type { Lang } from '../../core/i18n.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { userNames } from '../user/index.js';
import type { OrderKind } from './epc-order.kind.js';
import { installError } from './epc-order.install.messages.js';
import { stepHelpers, routeOn, same, type EndpointPick } from './epc-order.route-helpers.js';
import type { OrderReads } from './epc-order.service.js';
import { materialData, shipmentHistory } from './epc-order.shipment.js';
import { checkDesignated } from './epc-order.staff.js';
import { epcOrder, epcOrderForm } from './epc-order.tables.js';

const TEAM = ['site_technician', 'electrician'];
const day = (d: string) => d.slice(0, 10);
const shift = (d: string, days: number) => new Date(Date.parse(`${day(d)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The installation date, and the team's other installations within `days` of `date` (same tenant, running orders). */
async function installDateInfo(reads: OrderReads, actor: Actor, q: { orderId: string; date?: string | undefined; days?: string | undefined }, lang: Lang) {
  const row = await reads.load(actor, q.orderId, lang);
  const db = reads.ctx.db;
  const DEF = reads.def;
  const data = await reads.data(db, row.id);
  const form = (data.installationDate ?? {}) as Record<string, unknown>;
  // The date asked about, else the stored one, else the customer's tentative installation date.
  const tentative = (data.customer as Record<string, unknown> | undefined)?.tentativeInstallDate;
  const date = q.date ?? (typeof form.date === 'string' ? form.date : typeof tentative === 'string' ? tentative : null);
  const team = [...new Set(TEAM.flatMap((r) => row.state.assignees[r] ?? []))];
  const base = { order: await reads.voOf(row, lang), form, date, team };
  if (!date || !team.length) return { ...base, clashes: [] };
  const days = Number(q.days ?? 1);
  const others = await db
    .select({ id: epcOrder.id, process: epcOrder.process, orderNumber: epcOrder.orderNumber, customerName: epcOrder.customerName, stage: epcOrder.stage, state: epcOrder.state, date: sql<string>`${epcOrderForm.data}->>'date'` })
    .from(epcOrderForm)
    .innerJoin(epcOrder, eq(epcOrder.id, epcOrderForm.orderId))
    .where(
      and(
        eq(epcOrderForm.formKey, 'installationDate'),
        eq(epcOrder.tenantId, row.tenantId),
        eq(epcOrder.isDeleted, 0),
        ne(epcOrder.id, row.id),
        ne(epcOrder.stage, DEF.cancel.to),
        sql`substring(${epcOrderForm.data}->>'date', 1, 10) BETWEEN ${shift(date, -days)} AND ${shift(date, days)}`,
      ),
    )
    .orderBy(sql`${epcOrderForm.data}->>'date'`)
    .limit(100);
  const clashing = others.map((o) => ({ ...o, people: TEAM.flatMap((r) => o.state.assignees[r] ?? []).filter((u) => team.includes(u)) })).filter((o) => o.people.length);
  const names = await userNames(db, [...new Set(clashing.flatMap((o) => o.people))]);
  const clashes = clashing.map((o) => ({
    orderId: o.id,
    orderNumber: o.orderNumber,
    customerName: o.customerName,
    date: o.date,
    stage: o.stage,
    stageName: processOf(o.process).stage(o.stage)?.name[lang === 'en-US' ? 'en' : 'zh'] ?? o.stage,
    people: [...new Set(o.people)].map((u) => names.get(u) ?? u),
  }));
  return { ...base, clashes };
}

export function installRoutes(app: FastifyInstance, ctx: ModuleContext, m: OrderKind, pick: EndpointPick = same): void {
  const on = routeOn(app, pick);
  const { reads } = m;
  const { vo } = stepHelpers(m);
  void ctx;

  on(api.installDateInfo, (req) => installDateInfo(reads, req.user!, req.query, req.lang));
  on(api.installDateExamine, (req) => {
    const b = req.body;
    if (!b.date.trim()) throw installError(req.lang, 'dateRequired');
    return vo(req.user!, req.lang, b.orderId, { stage: 'installation_date', version: b.version, submissionId: b.submissionId, action: 'submit', formData: { date: b.date, ...(b.remark ? { remark: b.remark } : {}) } });
  });

  on(api.assignedConstructInfo, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    const staff = await reads.deps.agent().service.staff(req.user!, { agentId: row.agentId }, req.lang);
    return {
      staff: staff
        .filter((s) => s.roles.some((r) => TEAM.includes(r.alias)))
        .map((s) => ({ id: s.id, account: s.account, realName: s.realName, roles: s.roles.map((r) => r.alias), excluded: s.excluded })),
      assignees: row.state.assignees,
    };
  });
  on(api.woAssignmentExamine, (req) => {
    const b = req.body;
    const assignees = { site_technician: b.technicianIds.map(String), electrician: b.electricianIds.map(String) };
    return vo(req.user!, req.lang, b.orderId, { stage: 'install_assignment', version: b.version, submissionId: b.submissionId, action: 'assign', assignees }, (tx, row) =>
      checkDesignated(reads, req.user!, row, assignees, req.lang, tx),
    );
  });

  // Material collection: the reserved lines and shipments; ship (or keep a draft).
  const material = (formKey: string) => (req: { user?: Actor | null; query: { orderId: string }; lang: Lang }) => materialData(reads, req.user!, req.query.orderId, formKey, req.lang);
  on(api.materialCollectionSelect, material('shipment'));
  on(api.materialSignInfo, material('signing'));
  on(api.deliverDetail, material('shipment'));
  on(api.signDetail, material('signing'));
  on(api.signHistory, (req) => shipmentHistory(reads, req.user!, req.query.orderId, req.lang));
  for (const e of [api.materialCollectionExamine, api.deliverAudit]) {
    on(e, (req) => {
      const b = req.body;
      return vo(req.user!, req.lang, b.orderId, { stage: 'material_collection', version: b.version, submissionId: b.submissionId, action: b.save ? 'save' : 'submit', formData: b.form });
    });
  }

  // Signing, or loss or damage (spec §8: "provide signature first", "tick the statement").
  type Sign = { orderId: string | number; version: number; submissionId?: string | undefined; signature?: string | undefined; signedAt?: string | undefined; confirmed?: boolean | undefined };
  const sign = (actor: Actor, lang: Lang, b: Sign) => {
    if (!b.signature?.trim()) throw installError(lang, 'signatureRequired');
    if (b.confirmed !== true) throw installError(lang, 'statementRequired');
    if (!b.signedAt?.trim()) throw installError(lang, 'signedAtRequired');
    return vo(actor, lang, b.orderId, { stage: 'material_signing', version: b.version, submissionId: b.submissionId, action: 'submit', formData: { signature: b.signature.trim(), signedAt: b.signedAt, confirmed: true } });
  };
  type Loss = { orderId: string | number; version: number; submissionId?: string | undefined; reason?: string | undefined; photos?: string[] | undefined };
  const loss = (actor: Actor, lang: Lang, b: Loss) => {
    const reason = b.reason?.trim();
    if (!reason) throw installError(lang, 'lossReasonRequired');
    if ((b.photos ?? []).length > 3) throw installError(lang, 'tooManyPhotos', { max: 3 });
    return vo(actor, lang, b.orderId, {
      stage: 'material_signing',
      version: b.version,
      submissionId: b.submissionId,
      action: 'reject',
      reason,
      targetStage: 'material_collection',
      formData: { lossReason: reason, lossPhotos: b.photos ?? [] },
    });
  };
  on(api.signSubmit, (req) => sign(req.user!, req.lang, req.body));
  on(api.signLoss, (req) => loss(req.user!, req.lang, req.body));
  on(api.signAudit, (req) => (req.body.approved ? sign(req.user!, req.lang, req.body) : loss(req.user!, req.lang, req.body)));
}
