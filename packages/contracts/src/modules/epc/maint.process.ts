/**
 * The maintenance order (issue 20; spec §1 maintenance, §7 "Maintenance orders") as a second definition on the same
 * stage engine: a shorter installer order. Its stages reuse the installer order's stage ids and forms where the spec's
 * endpoint is the `maint` variant of the same step, so both apps treat a step the same way whichever order it is on.
 *
 * create (the call-in) → warranty verification → call-out quote (when the fee type charges the call-out) → survey
 * date → designated person → on-site diagnosis → survey review → [design → stock audit → (ESS quotation → proof of
 * payment, when parts are charged) — when parts are needed] → installation date → work-order assignment →
 * [material collection → material signing — when parts are needed] → EHS submission → EHS verification → repair QC →
 * QC verification → [FAC sign audit → COC creation (`final_coc`) — when a COC is required] → completed.
 */
import { defineProcess } from '../../process/define.js';
import type { SubStatus } from '../../process/types.js';
import { maintCustomerForm, maintQcForm, maintSurveyForm } from './maint.forms.js';
import { EPC_ORDER_PROCESS } from './order.process.js';
import { ORDER_FORMS } from './order.forms.js';

const sub = (id: string, zh: string, en: string): SubStatus => ({ id, name: { zh, en } });
const PENDING = sub('pending', '待处理', 'Pending');
const DRAFT = sub('draft', '已暂存', 'Saved as draft');

/** The installer order's stage of the same id (its name, actors, form and checks), with maintenance's edges. */
type EpcStage = (typeof EPC_ORDER_PROCESS.stages)[number];
function same(id: EpcStage['id']) {
  const { next: _next, rejectTo: _reject, ...rest } = EPC_ORDER_PROCESS.stage(id)!;
  return rest;
}

export const MAINT_ORDER_PROCESS = defineProcess({
  id: 'maint_order',
  kind: 'maint',
  version: 1,
  name: { zh: '运维订单', en: 'Maintenance order' },
  roles: EPC_ORDER_PROCESS.roles,
  forms: { ...ORDER_FORMS, customer: maintCustomerForm, maintSurvey: maintSurveyForm, maintQc: maintQcForm },
  predicates: {
    freeWithinWarranty: { zh: '免费类型的质保日期未过期', en: 'A free fee type has a warranty date that has not passed' },
    calloutCharged: { zh: '费用类型收取上门费', en: 'The fee type charges the call-out' },
    partsNeeded: { zh: '诊断需要更换部件', en: 'The diagnosis needs parts' },
    partsCharged: { zh: '部件收费', en: 'Parts are charged' },
    cocRequired: { zh: '需要COC', en: 'A COC is required' },
    stockConfirmed: EPC_ORDER_PROCESS.predicates!.stockConfirmed!,
    equipmentTypesUnique: EPC_ORDER_PROCESS.predicates!.equipmentTypesUnique!,
    ehsRisksComplete: EPC_ORDER_PROCESS.predicates!.ehsRisksComplete!,
    withinSiteRadius: EPC_ORDER_PROCESS.predicates!.withinSiteRadius!,
  },
  start: 'create',
  stages: [
    {
      id: 'create',
      name: { zh: '报修登记', en: 'Call-in' },
      actors: ['agent', 'administrator'],
      actions: ['save', 'submit'],
      form: 'customer',
      subStatuses: [DRAFT],
      requires: [
        'customer.name',
        'customer.phoneDiallingCode',
        'customer.phone',
        'customer.installAddress.country',
        'customer.installAddress.province',
        'customer.installAddress.city',
        'customer.address',
        'customer.callInTime',
        'customer.problem',
        'customer.feeType',
        { predicate: 'freeWithinWarranty', field: 'customer.warrantyDate' },
      ],
      next: 'warranty_verification',
    },
    {
      id: 'warranty_verification',
      name: { zh: '质保核验', en: 'Warranty verification' },
      actors: ['administrator'],
      actions: ['approve', 'reject'],
      form: 'warranty',
      subStatuses: [PENDING],
      requires: ['warranty.result', { predicate: 'freeWithinWarranty', field: 'warranty.warrantyEndDate' }],
      rejectTo: ['create'],
      next: [{ to: 'callout_quote', when: 'calloutCharged' }, { to: 'survey_date' }],
    },
    { ...same('callout_quote'), rejectTo: ['callout_quote', 'create'], next: 'survey_date' },
    { ...same('survey_date'), next: 'designated_person' },
    { ...same('designated_person'), next: 'survey' },
    {
      id: 'survey',
      name: { zh: '现场诊断', en: 'On-site diagnosis' },
      actors: ['site_technician', 'electrician'],
      actions: ['save', 'submit'],
      form: 'maintSurvey',
      subStatuses: [PENDING, DRAFT],
      requires: [
        'maintSurvey.findings',
        'maintSurvey.solution',
        'maintSurvey.photos',
        'maintSurvey.signatures.technician',
        'maintSurvey.signatures.owner',
        'maintSurvey.confirmed',
      ],
      next: 'survey_review',
    },
    {
      ...same('survey_review'),
      name: { zh: '诊断审核', en: 'Diagnosis review' },
      rejectTo: ['survey', 'designated_person', 'survey_date'],
      next: [{ to: 'design', when: 'partsNeeded' }, { to: 'installation_date' }],
    },
    { ...same('design'), rejectTo: ['design', 'survey'], next: 'stock_audit' },
    { ...same('stock_audit'), rejectTo: ['design'], next: [{ to: 'ess_quotation', when: 'partsCharged' }, { to: 'installation_date' }] },
    { ...same('ess_quotation'), rejectTo: ['ess_quotation', 'design'], next: 'ess_payment' },
    { ...same('ess_payment'), name: { zh: '付款凭证', en: 'Proof of payment' }, rejectTo: ['ess_quotation'], next: 'installation_date' },
    { ...same('installation_date'), name: { zh: '维修日期', en: 'Repair date' }, next: 'install_assignment' },
    { ...same('install_assignment'), name: { zh: '工单派工', en: 'Work-order assignment' }, next: [{ to: 'material_collection', when: 'partsNeeded' }, { to: 'ehs_submission' }] },
    { ...same('material_collection'), next: 'material_signing' },
    { ...same('material_signing'), rejectTo: ['material_collection'], next: 'ehs_submission' },
    { ...same('ehs_submission'), next: 'ehs_verification' },
    { ...same('ehs_verification'), rejectTo: ['ehs_submission'], next: 'qc_submission' },
    {
      id: 'qc_submission',
      name: { zh: '维修质检', en: 'Repair QC' },
      actors: ['site_technician', 'electrician'],
      actions: ['save', 'submit'],
      form: 'maintQc',
      subStatuses: [PENDING, DRAFT],
      requires: ['maintQc.photos', 'maintQc.result'],
      next: 'qc_verification',
    },
    { ...same('qc_verification'), rejectTo: ['qc_submission', 'ehs_submission'], next: [{ to: 'fac_sign_audit', when: 'cocRequired' }, { to: 'completed' }] },
    { ...same('fac_sign_audit'), rejectTo: ['fac_sign_audit', 'qc_submission'], next: 'final_coc' },
    // The installer order's final COC step (maintenanceCocCreation), straight after the FAC.
    { ...same('final_coc'), name: { zh: 'COC创建', en: 'COC creation' }, rejectTo: ['final_coc', 'fac_sign_audit'], next: 'completed' },
    { id: 'completed', name: { zh: '已完成', en: 'Completed' }, terminal: true },
    { id: 'cancelled', name: { zh: '已取消', en: 'Cancelled' }, terminal: true },
  ],
  cancel: {
    roles: ['agent', 'rollout_manager', 'administrator'],
    to: 'cancelled',
    // Before anyone is sent to the site a cancel is immediate; afterwards it is a request (save-cancel-order).
    examine: [
      'survey_date', 'designated_person', 'survey', 'survey_review', 'design', 'stock_audit', 'ess_quotation', 'ess_payment',
      'installation_date', 'install_assignment', 'material_collection', 'material_signing', 'ehs_submission',
      'ehs_verification', 'qc_submission', 'qc_verification', 'fac_sign_audit', 'final_coc',
    ],
  },
  edit: {
    roles: ['agent', 'rollout_manager', 'administrator'],
    form: 'customer',
    examine: [
      'warranty_verification', 'callout_quote', 'survey_date', 'designated_person', 'survey', 'survey_review', 'design',
      'stock_audit', 'ess_quotation', 'ess_payment', 'installation_date', 'install_assignment', 'material_collection',
      'material_signing', 'ehs_submission', 'ehs_verification', 'qc_submission', 'qc_verification', 'fac_sign_audit',
      'final_coc',
    ],
  },
  examiners: ['rollout_manager', 'administrator'],
});

export type MaintOrderStage = (typeof MAINT_ORDER_PROCESS.stageIds)[number];
