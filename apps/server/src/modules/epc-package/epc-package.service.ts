/**
 * Base packages' reads beyond the CRUD engine: the enabled ones for the design form, one package's lines with each
 * SKU's name, spec, model, unit price and stock available (SKU info through the CRUD engine's `skuBaseInfo` handle,
 * stock through the stock module's public entry), and the look-up the order's design step checks.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import type { StockApi } from '../stock/index.js';
import { packageError } from './epc-package.messages.js';
import { epcPackage, epcPackageLine } from './epc-package.tables.js';

type Row = Record<string, unknown>;
export type PackageRow = typeof epcPackage.$inferSelect;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** numeric(14,3) as the form's plain decimal ('5.000' → '5'). */
const dec = (v: unknown) => String(Number(v ?? 0));

export class PackageService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly stock: () => StockApi,
  ) {}

  /** The live package of a tenant with this code (enabled or not), or undefined. */
  async byCode(tenantId: string, code: string, db: Db = this.ctx.db): Promise<PackageRow | undefined> {
    const [row] = await db
      .select()
      .from(epcPackage)
      .where(and(eq(epcPackage.tenantId, tenantId), eq(epcPackage.code, code), eq(epcPackage.isDeleted, 0)));
    return row;
  }

  /** The enabled packages of the actor's tenant. */
  async enabled(actor: Actor) {
    const rows = await this.ctx.db
      .select()
      .from(epcPackage)
      .where(and(eq(epcPackage.tenantId, actor.tenantId), eq(epcPackage.enabled, 1), eq(epcPackage.isDeleted, 0)))
      .orderBy(asc(epcPackage.code));
    return rows.map((r) => ({ code: r.code, name: r.name, kwp: dec(r.kwp), inverterKw: dec(r.inverterKw), batteryKwh: dec(r.batteryKwh) }));
  }

  /** Spec §7 "base package SKU info". */
  async skuInfo(actor: Actor, code: string, lang: Lang) {
    const pkg = await this.byCode(actor.tenantId, code);
    if (!pkg) throw packageError(lang, 'packageUnknown', { code });
    const lines = await this.ctx.db
      .select()
      .from(epcPackageLine)
      .where(and(eq(epcPackageLine.packageId, pkg.id), eq(epcPackageLine.tenantId, pkg.tenantId), eq(epcPackageLine.isDeleted, 0)))
      .orderBy(asc(epcPackageLine.sku), asc(epcPackageLine.id));
    const skus = this.ctx.crud.get('skuBaseInfo') as { repo: { page(a: Actor, q: Row): Promise<{ records: Row[] }> } } | undefined;
    const out = [];
    for (const l of lines) {
      const info = skus ? (await skus.repo.page(actor, { sku: l.sku, size: '50' })).records.find((r) => r.sku === l.sku) : undefined;
      const bal = (await this.stock().queries.balances(actor, { sku: l.sku, size: '50' })).records.find((r) => r.sku === l.sku);
      out.push({
        sku: l.sku,
        quantity: l.quantity,
        equipmentType: l.equipmentType,
        skuName: str(info?.skuName),
        spec: str(info?.spec),
        model: str(info?.model),
        unitPrice: str(info?.unitPrice ?? bal?.unitPrice),
        available: bal ? bal.available : 0,
      });
    }
    return {
      code: pkg.code,
      name: pkg.name,
      enabled: pkg.enabled,
      summary: { kwp: dec(pkg.kwp), inverterKw: dec(pkg.inverterKw), batteryKwh: dec(pkg.batteryKwh) },
      lines: out,
    };
  }
}
