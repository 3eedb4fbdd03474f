/**
 * The installer order's list rules the form checks before the server does (spec §5; the server's predicates
 * `appliancesValid` and `equipmentTypesUnique` in epc-order.steps.ts, same comparison): an appliance type does not
 * repeat and the list stays within `MAX_APPLIANCES`; the same equipment type is not added twice to a BOM. Types
 * compare case- and space-insensitively; blank types are not compared.
 */
import type { TFunction } from 'i18next';
import { MAX_APPLIANCES } from '@helio/contracts/modules/epc/order.forms';

type Rec = Record<string, unknown>;
const rows = (v: unknown): Rec[] => (Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as Rec[]) : []);
const keyOf = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The first value that occurs twice (as written the second time), if any. */
export function duplicate(values: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = keyOf(v);
    if (!k) continue;
    if (seen.has(k)) return String(v).trim();
    seen.add(k);
  }
  return undefined;
}

/** Appliances: at most `max`, no type twice. */
export function applianceProblem(list: unknown, t: TFunction, max = MAX_APPLIANCES): string | undefined {
  const items = rows(list);
  if (items.length > max) return t('epc-stage.panel.appliance.tooMany', { max });
  const type = duplicate(items.map((a) => a.type));
  return type ? t('epc-stage.panel.appliance.duplicate', { type }) : undefined;
}

/** BOM lines: an equipment type at most once. */
export function equipmentProblem(list: unknown, t: TFunction): string | undefined {
  const type = duplicate(rows(list).map((m) => m.equipmentType));
  return type ? t('epc-stage.panel.equipment.duplicate', { type }) : undefined;
}
