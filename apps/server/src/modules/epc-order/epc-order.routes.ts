/**
 * Installer order HTTP (contracts `order.api.ts`): each route translates HTTP ↔ the reads and steps, naming the
 * stage and action of the definition it acts on; the stage engine decides whether the caller may.
 */
import type { FastifyInstance } from 'fastify';
import * as api from '@helio/contracts/modules/epc/order.api';
import type { ModuleContext } from '../../kernel/types.js';
import type { OrderKind } from './epc-order.kind.js';
import { orderError } from './epc-order.messages.js';
import { stepHelpers, routeOn, same, type EndpointPick } from './epc-order.route-helpers.js';
import { checkDesignated } from './epc-order.staff.js';

type Rec = Record<string, unknown>;

export function orderRoutes(app: FastifyInstance, ctx: ModuleContext, m: OrderKind, pick: EndpointPick = same): void {
  const on = routeOn(app, pick);
  const { reads, steps } = m;
  const { vo, decide, submit } = stepHelpers(m);

  on(api.orderPage, (req) => reads.page(req.user!, req.query, req.lang));
  on(api.insertOrder, async (req) => {
    const actor = req.user!;
    const row = await ctx.tx(async (tx) => {
      const created = await reads.create(actor, req.body, req.lang, tx);
      await steps.firstTask(actor, tx, created, req.lang);
      return created;
    });
    if (!req.body.submit) return reads.voOf(row, req.lang);
    return vo(actor, req.lang, row.id, { stage: 'create', action: 'submit', version: row.version });
  });
  on(api.baseOrderInfo, (req) => reads.detail(req.user!, req.query.orderId, req.lang));
  on(api.basicOrderInfo, (req) => reads.basic(req.user!, req.query.orderId, req.lang));
  on(api.subStatusList, (req) => reads.subStatuses(req.query.stage, req.lang));
  on(api.submitCreate, (req) =>
    vo(req.user!, req.lang, req.body.orderId, { stage: 'create', version: req.body.version, submissionId: req.body.submissionId, action: req.body.save ? 'save' : 'submit', ...(req.body.customer ? { formData: req.body.customer as Rec } : {}) }),
  );

  // Cancel and edit of a running order: a request (or immediate), or with `approved` the examiner's decision.
  on(api.examineCancelOrder, async (req) => {
    const b = req.body;
    const row = await reads.load(req.user!, b.orderId, req.lang);
    const examine = b.approved !== undefined;
    return vo(req.user!, req.lang, b.orderId, { stage: row.stage, version: b.version, submissionId: b.submissionId, action: examine ? 'examine' : 'cancel', reason: b.reason, ...(examine ? { approved: b.approved } : {}) });
  });
  on(api.examineEditOrder, async (req) => {
    const b = req.body;
    const row = await reads.load(req.user!, b.orderId, req.lang);
    if (b.approved !== undefined) return vo(req.user!, req.lang, b.orderId, { stage: row.stage, version: b.version, submissionId: b.submissionId, action: 'examine', approved: b.approved, reason: b.reason });
    if (row.stage === 'create') return vo(req.user!, req.lang, b.orderId, { stage: 'create', version: b.version, submissionId: b.submissionId, action: 'save', ...(b.customer ? { formData: b.customer as Rec } : {}) });
    return vo(req.user!, req.lang, b.orderId, { stage: row.stage, version: b.version, submissionId: b.submissionId, action: 'edit', reason: b.reason, ...(b.customer ? { formData: b.customer as Rec } : {}) });
  });

  on(api.warrantyAudit, (req) => decide(req.user!, req.lang, req.body, 'warranty_verification', 'create'));
  on(api.calloutQuoteDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'callout_quote', req.lang));
  on(api.calloutQuoteSubmit, (req) => submit(req.user!, req.lang, req.body, 'callout_quote'));
  on(api.calloutQuoteAudit, (req) => decide(req.user!, req.lang, req.body, 'callout_quote', 'callout_quote'));
  on(api.explorationDate, (req) => {
    const b = req.body;
    if (!b.date.trim()) throw orderError(req.lang, 'dateRequired');
    return vo(req.user!, req.lang, b.orderId, { stage: 'survey_date', version: b.version, submissionId: b.submissionId, action: 'submit', formData: { date: b.date, ...(b.remark ? { remark: b.remark } : {}) } });
  });
  on(api.explorationDateDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'survey_date', req.lang));
  on(api.designatedPersonSelect, async (req) => {
    const row = await reads.load(req.user!, req.query.orderId, req.lang);
    return reads.deps.agent().service.staff(req.user!, { agentId: row.agentId }, req.lang).then((staff) =>
      staff
        .filter((s) => s.roles.some((r) => r.alias === 'site_technician' || r.alias === 'electrician'))
        .map((s) => ({ id: s.id, account: s.account, realName: s.realName, roles: s.roles.map((r) => r.alias), excluded: s.excluded })),
    );
  });
  on(api.designatedPersonAssign, (req) => {
    const b = req.body;
    const assignees = { site_technician: b.technicianIds.map(String), electrician: b.electricianIds.map(String) };
    return vo(req.user!, req.lang, b.orderId, { stage: 'designated_person', version: b.version, submissionId: b.submissionId, action: 'assign', assignees }, (tx, row) =>
      checkDesignated(reads, req.user!, row, assignees, req.lang, tx),
    );
  });
  on(api.surveyDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'survey', req.lang));
  on(api.surveySave, (req) => submit(req.user!, req.lang, { ...req.body, save: true }, 'survey'));
  on(api.surveySubmit, (req) => submit(req.user!, req.lang, req.body, 'survey'));
  on(api.surveyAudit, (req) => decide(req.user!, req.lang, req.body, 'survey_review', 'survey'));
  on(api.surveyReject, (req) => decide(req.user!, req.lang, { ...req.body, approved: false }, 'survey_review', 'survey'));
  on(api.designDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'design', req.lang));
  on(api.designSave, (req) => submit(req.user!, req.lang, { ...req.body, save: true }, 'design'));
  on(api.designSubmit, (req) => submit(req.user!, req.lang, req.body, 'design'));
  on(api.designAudit, (req) => decide(req.user!, req.lang, req.body, 'design', 'design'));
  on(api.stockDetail, (req) => steps.stockDetail(req.user!, req.query.orderId, req.lang));
  on(api.stockAudit, (req) => decide(req.user!, req.lang, req.body, 'stock_audit', 'design'));
  on(api.quoteDetail, (req) => reads.stageForm(req.user!, req.query.orderId, 'ess_quotation', req.lang));
  on(api.quoteSubmit, (req) => submit(req.user!, req.lang, req.body, 'ess_quotation'));
  on(api.quoteAudit, (req) => decide(req.user!, req.lang, req.body, 'ess_quotation', 'ess_quotation'));
  on(api.installPayInfo, (req) => reads.stageForm(req.user!, req.query.orderId, 'ess_payment', req.lang));
  on(api.installPayConfirm, (req) => submit(req.user!, req.lang, req.body, 'ess_payment'));
  on(api.installPayCancel, (req) =>
    vo(req.user!, req.lang, req.body.orderId, { stage: 'ess_payment', version: req.body.version, submissionId: req.body.submissionId, action: 'reject', reason: req.body.reason, targetStage: 'ess_quotation' }),
  );
}
