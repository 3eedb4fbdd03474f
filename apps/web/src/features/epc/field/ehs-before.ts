/**
 * Before an EHS submit (issue 19; stage-ui.ts `beforeCall`): the browser's location is read, measured against the
 * order's site point (the field API's `selectEhsInfo` when the server answers, else the customer form's map point the
 * page already holds — offline) with contracts `geo.ts`, and the submission is stopped with the distance when it is
 * beyond the radius, or with the browser's message when there is no location. Otherwise the location travels with
 * the step (`FieldInput.location`, kept with an offline submission) and the server measures it again.
 */
import type { DataOf } from '@helio/contracts/api/endpoint';
import { SITE_RADIUS_KM } from '@helio/contracts/modules/epc/geo';
import { ehsInfo } from '@helio/contracts/modules/epc/order.field.api';
import type { ProcessAction } from '@helio/contracts/process/types';
import { http } from '@/core/http/http';
import { i18n } from '@/core/i18n/i18n';
import { toast } from '@/core/notify';
import { endpointOf } from '../process';
import type { ActionInput } from '../stage/stage-call';
import type { OrderDetail } from '../stage/stage-ui-types';
import { checkFix, GeoError, pointOf, readPosition, rememberFix, siteOf, type Fix, type SiteCheck } from './geolocation';

/** A step's input with the phone's location (the EHS submit). */
export type FieldInput = ActionInput & { location?: Fix };

/** The translated message of a failed location reading (the browser's own message inside). */
export function geoMessage(e: unknown): string {
  const t = i18n.t.bind(i18n);
  if (e instanceof GeoError) {
    if (e.reason === 'unsupported') return t('epc-field.geo.unsupported');
    return t(e.reason === 'denied' ? 'epc-field.geo.denied' : 'epc-field.geo.failed', { message: e.message });
  }
  return t('epc-field.geo.failed', { message: e instanceof Error ? e.message : String(e) });
}

/** The translated refusal of a reading beyond the radius. */
export const tooFarMessage = (c: SiteCheck) => i18n.t('epc-field.ehs.tooFar', { radius: c.radiusKm, distance: c.distanceKm });

type Info = DataOf<typeof ehsInfo>;
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The site point and radius: the server's answer, else (offline, or it fails) the order's customer map point. */
async function siteAndRadius(detail: OrderDetail) {
  if (!offline()) {
    try {
      const r = await http.request<{ data: Info }>(endpointOf(detail.order.process, ehsInfo).url, { method: 'GET', params: { orderId: detail.order.id }, silent: true });
      return { site: pointOf(r.data.site), radiusKm: r.data.radiusKm };
    } catch {
      // fall through: what the page holds
    }
  }
  return { site: siteOf(detail.data), radiusKm: SITE_RADIUS_KM };
}

/** Reads and measures the location; the check, or null after telling the user why not. */
export async function measure(detail: OrderDetail, read: () => Promise<Fix> = readPosition): Promise<SiteCheck | null> {
  let fix: Fix;
  try {
    fix = await read();
  } catch (e) {
    toast.error(geoMessage(e));
    return null;
  }
  const { site, radiusKm } = await siteAndRadius(detail);
  const check = checkFix(fix, site, radiusKm);
  rememberFix(detail.order.id, check);
  return check;
}

/** The EHS submission's `beforeCall`: submit only with a location within the radius (save: as it is). */
export async function ehsBeforeCall(action: ProcessAction, input: ActionInput, detail: OrderDetail, read: () => Promise<Fix> = readPosition): Promise<FieldInput | null> {
  if (action !== 'submit') return input;
  const check = await measure(detail, read);
  if (!check) return null;
  if (!check.ok) {
    toast.error(tooFarMessage(check));
    return null;
  }
  return { ...input, location: check.fix };
}
