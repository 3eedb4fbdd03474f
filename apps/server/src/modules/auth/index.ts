/** The auth module's public entry: sign-in, tokens and sessions, captcha, lockouts, permission checks, keys. */
import type { AuthService } from './auth.service.js';
import type { CaptchaService } from './captcha.service.js';
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
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    auth: AuthApi;
  }
}

export { hashPassword, verifyPassword } from './password.js';
