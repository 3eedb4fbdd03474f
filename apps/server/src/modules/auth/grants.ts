/**
 * Sign-in grants that other modules add to both token endpoints (BladeX `/oauth/token`, SpringBlade `/token`), e.g.
 * the SMS module's `sms_code`: auth owns the endpoints, the grant's owner registers its handler through auth's
 * public entry (`ctx.use('auth').grants.register(...)`), so auth never imports its neighbours.
 */
import type { ClientRow, SignInResult } from './auth.service.js';

export interface GrantInput {
  client: ClientRow;
  tenantId: string;
  /** The request's parameters: query string first, then a form or JSON body. */
  params: Record<string, string | undefined>;
  deptId?: string | undefined;
  roleId?: string | undefined;
  userType?: string | undefined;
}

export type GrantHandler = (input: GrantInput) => Promise<SignInResult>;

/** Grants the token endpoints answer themselves; no module may take their names. */
const BUILT_IN = new Set(['password', 'captcha', 'refresh_token', 'social', 'authorization_code', 'register', 'verification_code']);

export class SignInGrants {
  private readonly handlers = new Map<string, GrantHandler>();

  register(name: string, handler: GrantHandler): void {
    if (BUILT_IN.has(name)) throw new Error(`sign-in grant ${name} is built in`);
    if (this.handlers.has(name)) throw new Error(`sign-in grant ${name} is registered twice`);
    this.handlers.set(name, handler);
  }

  get(name: string): GrantHandler | undefined {
    return this.handlers.get(name);
  }
}
