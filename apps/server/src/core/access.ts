/**
 * Route access: every route declares who may call it — `{ public: true }`, `{ login: true }` (any signed-in user)
 * or `{ permission: 'code' | ['code', …] }` (any one of the codes; the administrator role passes). A route that
 * declares nothing is denied at request time, and a test enumerates the route table to keep it that way.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AuthError, ForbiddenError } from './errors.js';

export type Access = { public: true } | { login: true } | { permission: string | readonly string[] };

export interface AuthUser {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  nickName: string;
  roleIds: string[];
  /** Role aliases (`role_name` claim). */
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  /** Session (refresh family) id. */
  sid: string;
  isAdministrator: boolean;
}

export interface PermissionChecker {
  has(user: AuthUser, codes: readonly string[]): Promise<boolean>;
}

export interface RouteRecord {
  method: string;
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A file of the built web app (public by nature). */
    webAsset?: boolean;
  }
}

export function accessOf(req: FastifyRequest): Access | undefined {
  return req.routeOptions.config?.access;
}

export function describeAccess(a: Access | undefined): string {
  if (!a) return 'none';
  if ('public' in a) return 'public';
  if ('login' in a) return 'login';
  return `permission:${[a.permission].flat().join('|')}`;
}

/** Collects every route as it is registered (the route-table audit reads this). */
export function collectRoutes(app: FastifyInstance): RouteRecord[] {
  const routes: RouteRecord[] = [];
  app.addHook('onRoute', (opts) => {
    const methods = [opts.method].flat();
    for (const m of methods) routes.push({ method: String(m), url: opts.url, options: opts });
  });
  return routes;
}

export function installAccessCheck(app: FastifyInstance, checker: PermissionChecker): void {
  // preValidation: an anonymous caller gets 401 before its parameters are even looked at.
  app.addHook('preValidation', async (req) => {
    if (req.is404) return; // unknown routes answer 404, not 401
    const access = accessOf(req);
    if (access && 'public' in access) return;
    if (!req.user) throw new AuthError(req.authError ?? 'unauthorized');
    if (!access) throw new ForbiddenError(); // undeclared route: deny
    if ('login' in access) return;
    const codes = [access.permission].flat();
    // Administrators pass inside the checker (which still applies a tenant's product package).
    if (!(await checker.has(req.user, codes))) throw new ForbiddenError();
  });
}
