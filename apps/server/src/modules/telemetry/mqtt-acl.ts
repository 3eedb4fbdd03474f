/**
 * Who may do what on the embedded broker (docs/device-protocol.md, "Access control"). A device — authenticated as
 * username = SN — may publish only its own device-side topics and subscribe only to its own command requests; the
 * platform's internal client is unrestricted. Retained messages are never accepted from devices (the protocol uses
 * none). The same rules for an external broker are written out as Mosquitto and EMQX ACLs in the protocol document.
 */

export const TOPIC_ROOT = 'helio/v1/';

/** Client ids of the platform's internal clients start with this; ':' is outside the SN alphabet, so no device can
 *  hold such an id, and no internal client can hold a device's. */
export const INTERNAL_CLIENT_PREFIX = 'helio:';

/** Subscriptions a device may hold at once (its command requests need one). */
export const MAX_DEVICE_SUBSCRIPTIONS = 8;

const DEVICE_SIDE = new Set(['telemetry', 'event', 'status']);
/** A command id: one topic level, no wildcard (PUBLISH topics never carry one; aedes refuses them earlier). */
const CMD_ID = /^[^/+#]{1,64}$/;

/** Whether device `sn` may publish to `topic`: its telemetry, event, status or a reply to one of its commands. */
export function devicePublishAllowed(sn: string, topic: string): boolean {
  const own = `${TOPIC_ROOT}${sn}/`;
  if (!topic.startsWith(own)) return false;
  const rest = topic.slice(own.length);
  if (DEVICE_SIDE.has(rest)) return true;
  return rest.startsWith('cmd/resp/') && CMD_ID.test(rest.slice('cmd/resp/'.length));
}

/**
 * Whether device `sn` may subscribe to `filter`: `helio/v1/{sn}/cmd/req/#` or anything narrower under it. aedes has
 * already checked the filter's syntax ('#' only as the last level, '+' only as a whole level), so every valid filter
 * that starts with the device's request prefix matches nothing outside it.
 */
export function deviceSubscribeAllowed(sn: string, filter: string): boolean {
  const base = `${TOPIC_ROOT}${sn}/cmd/req/`;
  return filter.startsWith(base) && filter.length > base.length;
}

/** A topic or filter for a counter's detail: bounded, printable. */
export function printable(s: string, max = 100): string {
  // eslint-disable-next-line no-control-regex
  return s.slice(0, max).replace(/[\u0000-\u001f\u007f]/g, '?');
}
