/** The auth module's public entry: sign-in, tokens and sessions, captcha, lockouts, permission checks, keys. */
import type { AuthService } from './auth.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { SignInGrants } from './grants.js';
import type { Keys } from './keys.js';
import type { LockoutService } from './lockout.service.js';
import type { PermissionService } from './permission.service.js';
import type { TokenService } from './token.service.js';

export interface AuthApi {
  keys: Keys;
  tokens: TokenService;
  captcha: CaptchaService;
  lockout: LockoutService;
  auth: AuthService;
  permissions: PermissionService;
  /** Grants neighbours add to the token endpoints (the SMS module's `sms_code`). */
  grants: SignInGrants;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    auth: AuthApi;
  }
}

export type { ClientRow, SignInResult, UserRow } from './auth.service.js';
export type { GrantHandler, GrantInput } from './grants.js';
export { KeyConfigError } from './keys.js';
export { canonicalPassword, hashCanonical, hashPassword, isStrongPassword, verifyPassword } from './password.js';
export { ACTIVE, DISABLED, PENDING } from './user-status.js';
