/** Sign-in (Blade OAuth and SpringBlade token contracts), tokens and sessions, captcha, lockouts, permissions. */
import { defineModule } from '../../kernel/types.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { SignInGrants } from './grants.js';
import type { AuthApi } from './index.js';
import { loadKeys, reportKeys } from './keys.js';
import { LockoutService } from './lockout.service.js';
import { PermissionService } from './permission.service.js';
import { TokenService } from './token.service.js';

export default defineModule<AuthApi>({
  name: 'auth',
  // The stored keys are sealed with the storage key the storage module configures.
  dependsOn: ['storage'],
  async services(ctx) {
    const { config, db, kv } = ctx;
    const keys = await loadKeys(db, { jwtSecret: config.jwtSecret, sm2PrivateKey: config.sm2PrivateKey });
    await reportKeys(db, keys, ctx.log);
    const tokens = new TokenService(db, keys.jwt, { accessTtl: config.accessTokenTtl, refreshTtl: config.refreshTokenTtl });
    const captcha = new CaptchaService(kv);
    const lockout = new LockoutService(kv, {
      maxFailures: config.loginMaxFailures,
      ipMaxFailures: config.loginIpMaxFailures,
      windowMs: config.loginLockMinutes * 60_000,
    });
    const auth = new AuthService(db, tokens, captcha, lockout, { captcha: config.captcha, switchMode: config.switchMode });
    return { keys, tokens, captcha, lockout, auth, permissions: new PermissionService(db), grants: new SignInGrants() };
  },
  routes: (app, ctx) => authRoutes(app, ctx),
});
