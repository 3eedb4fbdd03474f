/**
 * What the sweep does not sweep, or sweeps with a different expectation — each with its reason. Entries are route
 * keys (`METHOD /path`); a key that names no route makes the audit fail, so the lists cannot go stale.
 */

import { MAINT_ALIASES } from '@helio/contracts/modules/epc/maint.api';

/** Public on purpose (sign-in and what it needs): no caller, so no "foreign" caller either. */
export const PUBLIC: Record<string, string> = {
  'POST /api/blade-auth/oauth/token': 'sign-in (BladeX)',
  'POST /api/blade-auth/token': 'sign-in (SpringBlade)',
  'GET /api/blade-auth/oauth/captcha': 'sign-in captcha',
  'GET /api/blade-auth/captcha': 'sign-in captcha',
  'GET /api/blade-auth/oauth/logout': 'ends the session of the token it is sent (its own caller)',
  'POST /api/blade-auth/oauth/logout': 'ends the session of the token it is sent (its own caller)',
  'GET /api/blade-auth/logout': 'ends the session of the token it is sent (its own caller)',
  'POST /api/blade-auth/logout': 'ends the session of the token it is sent (its own caller)',
  'GET /api/blade-auth/oauth/public-key': 'the SM2 public key for the sign-in form',
  'GET /api/helio/public-settings': 'sign-in page settings',
  'GET /api/blade-system/tenant/info': 'sign-in page: a tenant by domain (name and background only)',
  'GET /avatar-default.svg': 'a static image',
  'GET /api/blade-resource/avatar/default.svg': 'the stock avatar image, under the API for Blade clients served elsewhere (avatar.test.ts)',
  'POST /api/blade-system/user/register-guest': 'guest registration form (off by default; auth tests)',
  'GET /api/blade-resource/oss/endpoint/file/:id/:sig': 'signed file links: HMAC of the attachment id (resource tests)',
  'GET /api/blade-resource/phone/sms/verificationCode': 'phone sign-in codes (sms tests)',
  'POST /api/blade-resource/phone/sms/verificationCode': 'phone sign-in codes (sms tests)',
  'GET /api/skyworth-client/app/login/getVerificationCode': 'phone sign-in codes (sms tests)',
  'POST /api/blade-system/user/forgetPassword': 'password recovery by SMS code (sms tests)',
  'GET /api/skyworth-toolkit/file/ota-download/:fileId': 'firmware for devices: the signed, expiring link is the credential (ota.test.ts)',
  'GET /api/live': 'liveness for a balancer: no data (ops.test.ts)',
  'GET /api/ready': "readiness for a balancer: each dependency's state, no tenant data (ops.test.ts)",
  'GET /metrics': 'Prometheus metrics: the token or a local scrape only; counts by route template, no tenant data (ops.test.ts)',
};

const FIELD_STEP = "a field step of part 2 (EHS, QC): on B's own order the sweep's generic body fits no stage, so it is refused with a 400 like a missing order; access-epc-field.ts proves A's order answers 'no such order' and stays unchanged";
/** Authenticated routes the sweep does not call, and why. */
export const NOT_SWEPT: Record<string, string> = {
  'GET /api/blade-order/order/maint/query-maint-order-history': "needs a station, serial or installation order (the sweep names none: a 400); access-maintenance.ts proves B's history of A's station, serial and order is empty",
  'POST /api/blade-order/order/maint/query-install-order': "needs a customer name, phone, address or serial (the sweep's generic body has none: a 400); access-maintenance.ts proves B finds none of A's sites by A's owner or serial",
  'POST /api/skyworth-agent/maintenanceOrder/page/:size/:current': "Blade's paging in the path, which the sweep sends as its pattern (a 400); the GET maintenanceOrder/list beside it is swept (the same service and filters), and access-maintenance.ts proves B's page holds none of A's orders",
  'GET /api/skyworth-agent/order/basePackage/skuInfo': "needs a package code (the sweep sends none: a 400); access-epc-package.ts proves B reads no SKU info of A's package",
  'POST /api/blade-system/user/update-password':
    "changes the caller's own password and ends its other sessions; a user id in the request is ignored (access.test.ts proves it)",
  ...Object.fromEntries(
    ['skuBaseInfo', 'warehouse', 'material', 'agent'].map((r) => [
      `POST /api/skyworth-agent/${r}/save`,
      "inserts a new row of the caller's tenant (Blade's insert-only save; an id in the body is ignored), so it names no record the sweep could aim at tenant A; test/access-stock.ts sends B's save with A's id and tenant id and finds A's SKU unchanged",
    ]),
  ),
};

/**
 * Platform-only routes: a tenant administrator (which passes every permission code) gets 403. The sweep checks
 * both directions: these answer 403 to tenant B's administrator, and no other route does.
 */
const PLATFORM_PREFIXES = [
  '/api/blade-system/tenant/',
  '/api/blade-system/tenant-package/',
  '/api/blade-system/param/',
  '/api/blade-system/dict/',
  '/api/blade-system/client/',
  '/api/blade-system/data-scope/',
  '/api/blade-system/api-scope/',
  '/api/blade-develop/',
  '/api/skyworth-client/setItemConfig/', // setting items: platform configuration
  '/api/skyworth-client/addressMapDefinition/', // protocol address map: platform configuration
  '/api/skyworth-client/matchingList/', // version matching list: platform configuration
  '/api/skyworth-client/factoryVersion/', // factory versions: platform configuration
];
const PLATFORM_EXCEPT = new Set([
  'GET /api/blade-system/tenant/tenant-select', // the caller's own tenant
  'GET /api/blade-system/dict/dictionary', // system dictionaries are read by every screen
]);
const PLATFORM_ROUTES = new Set([
  ...['list', 'lazy-list', 'tree', 'lazy-tree', 'detail', 'menu-list', 'lazy-menu-list'].map((v) => `GET /api/blade-system/menu/${v}`),
  ...['submit', 'remove'].map((v) => `POST /api/blade-system/menu/${v}`),
  ...['submit', 'remove', 'import-region'].map((v) => `POST /api/blade-system/region/${v}`),
  'POST /api/blade-system/user/unlock-ip', // the per-IP counter is shared by every tenant
  'POST /api/skyworth-client/alarmDefinition/update', // the alarm catalogue: platform reference data
  ...['deviceExitFactoryInfo', 'batteryExitFactoryInfo', 'guardianExitFactoryInfo', 'chargerExitFactoryInfo'].flatMap((f) =>
    ['submit', 'save', 'update', 'remove', 'import'].map((v) => `POST /api/skyworth-client/${f}/${v}`),
  ),
]);
export function platformOnly(key: string): boolean {
  if (PLATFORM_EXCEPT.has(key)) return false;
  const path = key.slice(key.indexOf(' ') + 1);
  return PLATFORM_ROUTES.has(key) || PLATFORM_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * Readable routes whose answer to tenant B holds none of B's records, and why (so "no foreign data" would be
 * vacuous there; they are still checked for A's data and for answering the same before and after A exists).
 */
export const NO_OWN_DATA: Record<string, string> = {
  'GET /api/skyworth-agent/order/subStatus/list': "the order definition's sub-statuses: code, no tenant rows",
  'GET /api/blade-auth/oauth/clear-cache': 'clears caches; no data',
  'GET /api/blade-system/menu/routes': 'menus: platform-wide',
  'GET /api/blade-system/menu/buttons': 'buttons: platform-wide',
  'GET /api/blade-system/menu/top-menu': "B's top menus are matched by the caller's roles: none in B's world for the administrator",
  'GET /api/blade-system/menu/grant-tree': 'menus: platform-wide',
  'GET /api/blade-system/menu/grant-top-tree': 'menus: platform-wide',
  'GET /api/blade-system/dict/dictionary': 'system dictionaries: platform-wide',
  'GET /api/blade-system/dict-biz/dictionaryByLang': 'asked for a code by name (swept with the code)',
  'GET /api/blade-system/dict-biz/findAllDictMap': "the tenant's own dictionaries, else the platform's reference set",
  'GET /api/blade-system/user/export-template': 'an empty template',
  'GET /api/blade-system/region/select': 'regions: platform reference data',
  'GET /api/blade-system/region/lazy-tree': 'regions: platform reference data',
  'GET /api/blade-system/region/list': 'regions: platform reference data',
  'GET /api/blade-system/region/detail': 'regions: platform reference data',
  'GET /api/blade-system/region/export-template': 'an empty template',
  'GET /api/blade-system/region/export-region': 'regions: platform reference data',
  'GET /api/blade-system/tenant-package/menu-tree': 'platform only',
  'GET /api/skyworth-client/home/inverterPerformance': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/home/batteryPerformance': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/home/inverterAndLoadSummary': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/home/plantStatusSummary': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/inverter/overview': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/battery/listSummary': 'figures only (no names); equal before and after A exists',
  'GET /api/skyworth-client/charger/overview': 'figures only (no names); equal before and after A exists',
  'GET /api/blade-system/dict-biz/child-list': 'the children of the parent named by parentId (swept with it)',
  'GET /api/blade-resource/phone/sms/encryptedValue': "the caller's own phone, masked",
  'GET /api/skyworth-client/alarmDefinition/list': 'the alarm catalogue: platform reference data',
  'GET /api/skyworth-client/alarmSubscription/channels': "the caller's delivery channels: names and flags, no records",
  'GET /api/skyworth-toolkit/ota/overview': 'figures only (upgrade counts by state, device counts by version); equal before and after A exists',
  'GET /api/skyworth-agent/material/import-template': 'an empty template',
  'GET /api/blade-desk/process/leave/approvers':
    "the tenant's users holding the hr role: B's world has none; test/access-workflow.ts probes it with an hr user in each tenant",
  ...Object.fromEntries(
    ['deviceExitFactoryInfo', 'batteryExitFactoryInfo', 'guardianExitFactoryInfo', 'chargerExitFactoryInfo'].map((f) => [
      `GET /api/skyworth-client/${f}/import-template`,
      'an empty template',
    ]),
  ),
};

/** Readable routes whose answer differs from call to call by design (so "the same before and after A" cannot hold). */
export const VOLATILE: Record<string, string> = {
  'GET /api/blade-resource/phone/sms/encryptedValue': 'a fresh opaque handle (sealed with a random nonce) on every call',
};

/**
 * Factory (exit-factory) lists: the platform's reference data (no tenant column). Every tenant reads them, so A's
 * device SNs are visible there by design; only A's marker and record ids must not be.
 */
export const REFERENCE_PREFIXES = [
  '/api/skyworth-client/deviceExitFactoryInfo/',
  '/api/skyworth-client/batteryExitFactoryInfo/',
  '/api/skyworth-client/guardianExitFactoryInfo/',
  '/api/skyworth-client/chargerExitFactoryInfo/',
  '/api/skyworth-client/alarmDefinition/', // the alarm catalogue: the same for every tenant
];
export const isReference = (key: string) => REFERENCE_PREFIXES.some((p) => key.includes(` ${p}`));

/**
 * Routes naming records whose answer for the caller's own records is the same as for records that do not exist
 * (so comparing A's ids with missing ones proves nothing there), and why.
 */
export const NO_CONTROL: Record<string, string> = {
  'POST /api/skyworth-agent/order/create/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/examineCancelOrder': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/examineEditOrder': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/warrantyVerification/audit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/calloutQuote/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/calloutQuote/audit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/explorationDate/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/designatedPerson/assign': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/survey/save': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/survey/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/survey/audit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/survey/reject': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/design/save': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/design/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/design/audit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/stock/audit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/quote/submit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/quote/quoteAudit': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/installPay/confirm': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/installPay/cancel': "a stage step: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-order.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/installationDate/examineInstallationDate': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/installWoAssignment/examineWoAssignment': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/materialCollection/examine': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/deviceShipment/audit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/sign/submit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/sign/loss': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/sign/audit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/fac/submit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/fac/audit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/temporaryCoc/submit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/finalCoc/submit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/finalCoc/audit': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/balancePay/confirm': "a stage step of part 2: on B's own order the sweep's generic body fits no stage, so the stage machine refuses it with a 400 like a missing order; access-epc-install.ts and access-epc-handover.ts prove A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/ehsSubmission/submitEhsInfoExamine': FIELD_STEP,
  'POST /api/skyworth-agent/order/ehsSubmission/insert': FIELD_STEP,
  'POST /api/skyworth-agent/order/ehsVerification/ehsExamineNodeStatusCommit': FIELD_STEP,
  'POST /api/skyworth-agent/order/ehsVerification/submitEhsFinalExamine': FIELD_STEP,
  'POST /api/skyworth-agent/order/qcSubmission/saveOrUpdateQcInfo': FIELD_STEP,
  'POST /api/skyworth-agent/order/qcSubmission/submitQcInfo': FIELD_STEP,
  'POST /api/skyworth-agent/order/qcSubmission/saveSubNodeApprovalStatus': FIELD_STEP,
  'POST /api/skyworth-agent/order/survey/saveSubNodeApprovalStatus':
    "the survey review's sub-node statuses: on B's own order the sweep's generic body lacks its version and statuses, so it is refused with a 400 like a missing order; access-epc-field.ts proves A's order answers 'no such order' and stays unchanged",
  'POST /api/skyworth-agent/order/qcVerification/qcVerify': FIELD_STEP,
  'POST /api/skyworth-agent/order/serialNumber/exist': "a read (POST for its list of serials; writes nothing) that needs the order and serials the sweep's generic body lacks; access-epc-field.ts proves A's order answers 'no such order' without its data",
  'POST /api/skyworth-agent/createOrder/insertOrder': "creates in B's own tenant; naming A's agent company is refused (access-epc-order.ts)",
  'POST /api/skyworth-agent/createOrder/maint/insertOrder': "creates in B's own tenant; naming A's station, alarm or agent company is refused and nothing is written (access-maintenance.ts)",
  'POST /api/skyworth-agent/maintenanceOrder/replaceDevice': "a step on the order's station: on B's own order the sweep's generic body lacks its version and serials, so it is refused with a 400 like a missing order; access-maintenance.ts proves A's order answers 'no such order' and its station keeps its device",
  'POST /api/blade-system/user/unlock': 'clears sign-in locks (kept outside the database) and answers success for any id; access.test.ts proves A stays locked',
};

/**
 * The maintenance twins of installer-order routes (contracts maint.api.ts) are listed for the same reason as their
 * installer-order route; their tenant probes are access-maintenance.ts (A's maintenance order answers "no such order"
 * and stays unchanged).
 */
for (const map of [NOT_SWEPT, NO_OWN_DATA, VOLATILE, NO_CONTROL]) {
  for (const [e, twin] of MAINT_ALIASES) {
    const reason = map[`${e.method} ${e.url}`];
    if (reason) map[`${twin.method} ${twin.url}`] = `the maintenance twin of ${e.method} ${e.url}: ${reason.replace(/access-epc-[a-z]+\.ts( and access-epc-[a-z]+\.ts)?( proves?)?/g, 'access-maintenance.ts proves')}`;
  }
}
