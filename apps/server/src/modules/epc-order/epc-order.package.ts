/**
 * The design step's base package (issue 18 "a bill of materials from a base package plus customised materials"):
 * `design.basePackage` must name an enabled package of the order's tenant (the epc-package module's catalogue).
 * Looked up before the transaction (PGlite has one connection); refused inside it, after the engine's own checks
 * (actor, version, requirements), with a translated 400 that rolls the step back. Saving a draft is checked too when
 * it names a package.
 */
import type { StepExtension } from './epc-order.extension.js';
import { packageError } from '../epc-package/index.js';

interface Prepared {
  code: string;
  found: 'enabled' | 'disabled' | 'unknown';
}

export const packageExtension: StepExtension = {
  stages: ['design'],
  async prepare(c): Promise<Prepared | undefined> {
    if (c.action !== 'submit' && c.action !== 'save') return undefined;
    const design = c.data.design as { basePackage?: unknown } | undefined;
    const code = typeof design?.basePackage === 'string' ? design.basePackage.trim() : '';
    if (!code) return undefined;
    const row = await c.reads.ctx.use('epc-package').packages.byCode(c.row.tenantId, code);
    return { code, found: !row ? 'unknown' : row.enabled === 1 ? 'enabled' : 'disabled' };
  },
  async effect(e) {
    const p = e.prepared as Prepared | undefined;
    if (!p || p.found === 'enabled') return;
    throw Object.assign(packageError(e.lang, p.found === 'unknown' ? 'packageUnknown' : 'packageDisabled', { code: p.code }), { field: 'design.basePackage' });
  },
};
