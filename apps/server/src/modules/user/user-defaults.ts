/**
 * Defaults of a new user's required fields that a client leaves out (`USER_OMITTED` in contracts; stock Blade
 * clients send neither): an ordinary user, and the tenant's default dialling code — the platform parameter
 * `user.default.phoneDiallingCode.<tenantId>`, else `user.default.phoneDiallingCode`, else +86.
 */
import { DIAL_CODE_PARAM, PLATFORM_DIAL_CODE, USER_INFO_RULES, USER_OMITTED } from '@helio/contracts/modules/user/user.schema';
import { paramValue } from '../../core/params.js';
import type { Db } from '../../db/client.js';

const DIAL = new RegExp(USER_INFO_RULES.phoneDiallingCode!.pattern!);

/** The default dialling code of a tenant's new users (`+` and digits). */
export async function tenantDialCode(db: Db, tenantId: string): Promise<string> {
  for (const key of [`${DIAL_CODE_PARAM}.${tenantId}`, DIAL_CODE_PARAM]) {
    const v = (await paramValue(db, key))?.trim();
    if (v && DIAL.test(v)) return v.startsWith('+') ? v : `+${v}`;
  }
  return PLATFORM_DIAL_CODE;
}

const SOURCES: Record<string, (db: Db, tenantId: string) => Promise<unknown>> = { tenantDialCode };

/** Fills in the defaults of the fields a new user's input leaves out (absent; an empty value stays, and is refused). */
export async function applyUserDefaults(db: Db, input: Record<string, unknown>, tenantId: string): Promise<void> {
  for (const [key, o] of Object.entries(USER_OMITTED)) {
    if (input[key] !== undefined) continue;
    input[key] = 'value' in o ? o.value : await SOURCES[o.from]!(db, tenantId);
  }
}
