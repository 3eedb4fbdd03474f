/**
 * The maintenance screens' server calls (contracts `maint.api`, typed by their schemas), their routes, the fee-type
 * dictionary and the call-in's client rule (the server's `freeWithinWarranty`: a free fee type with a warranty date
 * already past is refused).
 */
import { useCallback, useMemo } from 'react';
import type { DataOf, QueryOf } from '@helio/contracts/api/endpoint';
import { maintKpi, maintList, queryMaintHistory } from '@helio/contracts/modules/epc/maint.api';
import type { queryInstallOrder } from '@helio/contracts/modules/epc/maint.api';
import { MAINT_FEE } from '@helio/contracts/modules/epc/maint.forms';
import { useDicts, dictSourceKey } from '@/core/crud/dict';
import type { DictItem, DictSource } from '@/core/crud/dict';
import { useEndpoint } from '@/core/http/endpoint';

export const MAINT_LIST = '/epc/maintenance';
export const MAINT_ADD = '/epc/maintenance/add';
export const MAINT_DETAIL = '/epc/maintenance/detail/:id';
export const maintDetailPath = (id: string) => `/epc/maintenance/detail/${id}`;
/** The call-in page, prefilled from an alarm when one is named. */
export const maintAddPath = (alarmId?: string) => (alarmId ? `${MAINT_ADD}?alarmId=${encodeURIComponent(alarmId)}` : MAINT_ADD);

export type MaintRow = DataOf<typeof maintList>['records'][number];
export type MaintQuery = QueryOf<typeof maintList>;
export type Kpi = DataOf<typeof maintKpi>;
export type Site = DataOf<typeof queryInstallOrder>[number];
export type SiteDevice = Site['devices'][number];

export const useMaintOrders = (q: MaintQuery) => useEndpoint(maintList, q);
export type KpiQuery = QueryOf<typeof maintKpi>;
/** The KPIs of a period (from, to: yyyy-MM-dd; none: the server's default, the last 12 months). */
export const useMaintKpi = (q: KpiQuery = {}) => useEndpoint(maintKpi, q);
/** A site's maintenance orders, newest first (by its station, else its installation order, else a serial). */
export function useMaintHistory(site: Pick<Site, 'stationId' | 'installOrderId'> | undefined, sn?: string) {
  const q = site?.stationId ? { stationId: site.stationId } : site?.installOrderId ? { installOrderId: site.installOrderId } : sn ? { sn } : undefined;
  return useEndpoint(queryMaintHistory, q ?? {}, { enabled: Boolean(q) });
}

/** What the look-up box searches by. */
export const LOOKUP_FIELDS = ['customerName', 'phone', 'address', 'sn'] as const;
export type LookupField = (typeof LOOKUP_FIELDS)[number];
export type LookupBody = Partial<Record<LookupField, string>>;
export function lookupBody(field: LookupField, text: string): LookupBody {
  return { [field]: text.trim() };
}

const FEE: readonly DictSource[] = [{ code: 'agent_maint_fee_type', biz: true }];

/** The fee types (business dictionary `agent_maint_fee_type`) and a key's name. */
export function useFeeTypes(): { items: DictItem[]; name: (key: string | null | undefined) => string } {
  const loaded = useDicts(FEE)[dictSourceKey(FEE[0]!)];
  const items = useMemo(() => loaded ?? [], [loaded]);
  const name = useCallback((key: string | null | undefined) => (key ? (items.find((i) => i.dictKey === key)?.dictValue ?? key) : ''), [items]);
  return { items, name };
}

/** Today in the browser's calendar (yyyy-MM-dd). */
export const todayText = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * The server's rule for a call-in: a free fee type (under warranty) with a warranty date before today is refused.
 * The past date (yyyy-MM-dd) when the rule is broken, else undefined (no date, or another fee type, passes).
 */
export function freeWarrantyExpired(feeType: unknown, warrantyDate: unknown, today = todayText()): string | undefined {
  if (String(feeType ?? '') !== MAINT_FEE.free || typeof warrantyDate !== 'string' || !warrantyDate.trim()) return undefined;
  const day = warrantyDate.trim().slice(0, 10);
  return day < today ? day : undefined;
}

/** A device kind's name (inverter, battery, guardian, charger: the order screens' names), else the kind itself. */
export const deviceKindName = (t: (key: string, o: { defaultValue: string }) => string, kind: string) => t(`epc-field.qc.deviceType.${kind}`, { defaultValue: kind });
