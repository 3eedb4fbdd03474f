/**
 * Installer order, part 2 (issue 19): what the field stages add to the generic step (epc-order.extension.ts).
 * EHS submission: `ehsRisksComplete` (at least 3 risks each with its solution, at least one PPE item) and
 * `withinSiteRadius` (the location the step sent — recorded in the form by the route with its distance — within 2 km
 * of the order's site point, geo.ts haversine). QC submission: `serialsExist` over the QC serials, with look-ups made
 * before the transaction (factory lists per device type, the order's shipped stock serials, stations' devices). QC
 * verification approved: the system is commissioned in the step's transaction (epc-order.commission.ts). Each
 * refusal is explained with its §8 message in the caller's language.
 */
import { SITE_RADIUS_KM, withinSite, type GeoPoint } from '@helio/contracts/modules/epc/geo';
import type { Refusal } from '@helio/contracts/process/types';
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { DeviceKind } from '../../db/schema-device.js';
import { devicePlants, snExistence, type InstalledAt } from '../station/index.js';
import { referenceSerials, type ReferenceSerial } from '../stock/index.js';
import { commission, commissionPrep, type CommissionPrep } from './epc-order.commission.js';
import type { StepExtension } from './epc-order.extension.js';
import { fieldText, type FieldMessageKey } from './epc-order.field.messages.js';
import { refusalError } from './epc-order.messages.js';
import type { OrderRow } from './epc-order.service.js';

type Rec = Record<string, unknown>;
export const MIN_RISKS = 3;
const KINDS: readonly DeviceKind[] = ['inverter', 'battery', 'guardian', 'charger'];
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A stored point (latitude/longitude), or null. */
export function pointOf(v: unknown): GeoPoint | null {
  const p = obj(v);
  const latitude = num(p.latitude);
  const longitude = num(p.longitude);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** The order's site: the map point of the customer form. */
export const sitePoint = (data: Rec): GeoPoint | null => pointOf(obj(data.customer).location);

/** What is wrong with the EHS risks and PPE (undefined: nothing). */
function risksProblem(ehs: Rec): [FieldMessageKey, Record<string, string | number>] | undefined {
  const risks = Array.isArray(ehs.risks) ? ehs.risks.map(obj) : [];
  const open = risks.find((r) => text(r.risk) && !text(r.solution));
  if (open) return ['riskWithoutSolution', { risk: text(open.risk).slice(0, 100) }];
  const count = risks.filter((r) => text(r.risk) && text(r.solution)).length;
  if (count < MIN_RISKS) return ['risksTooFew', { min: MIN_RISKS, count }];
  const ppe = Array.isArray(ehs.ppe) ? ehs.ppe.filter((p) => text(p)) : [];
  if (!ppe.length) return ['ppeRequired', {}];
  return undefined;
}

/** Where the EHS form was sent from against the site (undefined: within the radius). */
function radiusProblem(data: Rec): [FieldMessageKey, Record<string, string | number>] | undefined {
  const here = pointOf(obj(data.ehs).location);
  if (!here) return ['locationRequired', {}];
  const site = sitePoint(data);
  if (!site) return ['siteUnknown', {}];
  const r = withinSite(here, site, SITE_RADIUS_KM);
  return r.ok ? undefined : ['outsideRadius', { radius: SITE_RADIUS_KM, distance: r.distanceKm }];
}

export interface QcSerial {
  deviceType: string;
  sn: string;
}
export const qcSerials = (data: Rec): QcSerial[] =>
  (Array.isArray(obj(data.qc).serials) ? (obj(data.qc).serials as unknown[]) : []).map(obj).map((s) => ({ deviceType: text(s.deviceType), sn: text(s.sn) }));

/** What the serial rules need, looked up before the transaction. */
export interface SerialLookups {
  /** SNs in the factory list of each device type. */
  factory: Map<DeviceKind, Set<string>>;
  /** The order's shipped (or installed) stock serials. */
  shipped: Map<string, ReferenceSerial>;
  /** Stations the SNs are devices of. */
  installed: Map<string, InstalledAt>;
  /** The station an earlier commissioning of the order made (its devices are not "elsewhere"). */
  ownPlantId: string | null;
}

export async function lookupSerials(db: Db, row: OrderRow, data: Rec, list: readonly QcSerial[]): Promise<SerialLookups> {
  const factory = new Map<DeviceKind, Set<string>>();
  for (const kind of KINDS) {
    const sns = list.filter((s) => s.deviceType === kind && s.sn).map((s) => s.sn);
    factory.set(kind, new Set(sns.length ? (await snExistence(db, sns, kind)).filter((r) => r.exists).map((r) => r.sn) : []));
  }
  const shipped = new Map((await referenceSerials(db, row.tenantId, row.orderNumber)).map((s) => [s.serial, s]));
  const installed = await devicePlants(db, list.map((s) => s.sn));
  const own = text(obj(data.commission).plantId);
  return { factory, shipped, installed, ownPlantId: own || null };
}

export type SerialVerdict = 'notExist' | 'repeated' | 'notOrders' | 'installedElsewhere';

/** Each serial's problems, in the order the rules are told. */
export function serialVerdicts(list: readonly QcSerial[], look: SerialLookups): { s: QcSerial; problems: SerialVerdict[] }[] {
  const count = new Map<string, number>();
  for (const s of list) if (s.sn) count.set(s.sn.toLowerCase(), (count.get(s.sn.toLowerCase()) ?? 0) + 1);
  return list.map((s) => {
    const problems: SerialVerdict[] = [];
    if (!look.factory.get(s.deviceType as DeviceKind)?.has(s.sn)) problems.push('notExist');
    if ((count.get(s.sn.toLowerCase()) ?? 0) > 1) problems.push('repeated');
    if (!look.shipped.has(s.sn)) problems.push('notOrders');
    const at = look.installed.get(s.sn);
    if (at && at.plantId !== look.ownPlantId) problems.push('installedElsewhere');
    return { s, problems };
  });
}

/** The first serial problem as its message (repeats first, then each serial in turn); undefined: none. */
export function serialsError(lang: Lang, list: readonly QcSerial[], look: SerialLookups): ValidationError | undefined {
  if (!list.length) return new ValidationError([fieldText(lang, 'serialsRequired')]);
  const verdicts = serialVerdicts(list, look);
  const twice = verdicts.find((v) => v.problems.includes('repeated'));
  if (twice) return new ValidationError([fieldText(lang, 'snRepeated', { sn: twice.s.sn })]);
  for (const { s, problems } of verdicts) {
    if (problems.includes('notExist')) {
      const key: FieldMessageKey = s.deviceType === 'inverter' ? 'inverterNotExist' : s.deviceType === 'battery' ? 'batteryNotExist' : 'deviceNotExist';
      return new ValidationError([fieldText(lang, key, { sn: s.sn, type: s.deviceType })]);
    }
    if (problems.includes('notOrders')) return new ValidationError([fieldText(lang, 'snNotOrders', { sn: s.sn })]);
    if (problems.includes('installedElsewhere')) return new ValidationError([fieldText(lang, 'snInstalledElsewhere', { sn: s.sn })]);
  }
  return undefined;
}

interface Prepared {
  serials?: SerialLookups;
  commission?: CommissionPrep;
}

/** A refusal of the field rules said precisely (undefined: not one of ours). */
function explainOne(lang: Lang, e: Refusal, data: Rec, prepared: Prepared): string | undefined {
  if (e.code !== 'missing-requirement') return undefined;
  if (!e.predicate && e.field === 'ehs.declaration') return fieldText(lang, 'declarationRequired');
  const say = (p: [FieldMessageKey, Record<string, string | number>] | undefined) => (p ? fieldText(lang, p[0], p[1]) : undefined);
  if (e.predicate === 'ehsRisksComplete') return say(risksProblem(obj(data.ehs)));
  if (e.predicate === 'withinSiteRadius') return say(radiusProblem(data));
  if (e.predicate === 'serialsExist' && prepared.serials) return serialsError(lang, qcSerials(data), prepared.serials)?.messages[0];
  return undefined;
}

export const fieldExtension: StepExtension = {
  stages: ['ehs_submission', 'ehs_verification', 'qc_submission', 'qc_verification'],
  async prepare(c): Promise<Prepared> {
    const db = c.reads.ctx.db;
    if (c.stage === 'qc_submission' && c.action === 'submit') return { serials: await lookupSerials(db, c.row, c.data, qcSerials(c.data)) };
    if (c.stage === 'qc_verification' && c.action === 'approve' && c.row.stage === 'qc_verification') {
      return { serials: await lookupSerials(db, c.row, c.data, qcSerials(c.data)), commission: await commissionPrep(c) };
    }
    return {};
  },
  predicates(prepared) {
    const p = (prepared ?? {}) as Prepared;
    return {
      ehsRisksComplete: ({ data }) => !risksProblem(obj(data.ehs)),
      withinSiteRadius: ({ data }) => !radiusProblem(data),
      serialsExist: ({ data }) => !!p.serials && !serialsError('en-US', qcSerials(data), p.serials),
    };
  },
  explain(errors, prepared, c) {
    const p = (prepared ?? {}) as Prepared;
    const mine = errors.map((e) => explainOne(c.lang, e, c.data, p));
    if (!mine.some(Boolean)) return undefined;
    const texts: string[] = [];
    for (const [i, e] of errors.entries()) {
      if (mine[i]) {
        texts.push(mine[i]);
        continue;
      }
      const generic = refusalError(c.lang, [e]);
      if (!(generic instanceof ValidationError)) return generic;
      texts.push(...generic.messages);
    }
    return new ValidationError(texts);
  },
  async effect(e) {
    const p = (e.prepared ?? {}) as Prepared;
    if (e.stage !== 'qc_verification' || e.action !== 'approve' || e.next.stage === e.before.stage || !p.commission || !p.serials) return;
    // Something changed since the QC was submitted (a serial installed elsewhere meanwhile): refused, nothing kept.
    const problem = serialsError(e.lang, qcSerials(e.data), p.serials);
    if (problem) throw problem;
    await commission(e, p.commission, qcSerials(e.data), sitePoint(e.data));
  },
};
