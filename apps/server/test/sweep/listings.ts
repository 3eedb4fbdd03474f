/**
 * What the sweep does not sweep, or sweeps with a different expectation — each with its reason. Entries are route
 * keys (`METHOD /path`); a key that names no route makes the audit fail, so the lists cannot go stale.
 */

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
};

/** Authenticated routes the sweep does not call, and why. */
export const NOT_SWEPT: Record<string, string> = {
  'POST /api/blade-system/user/update-password':
    "changes the caller's own password and ends its other sessions; a user id in the request is ignored (access.test.ts proves it)",
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
  'POST /api/blade-system/user/unlock': 'clears sign-in locks (kept outside the database) and answers success for any id; access.test.ts proves A stays locked',
};
