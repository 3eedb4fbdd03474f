/**
 * Low stock: when a movement takes a SKU's available quantity (every warehouse) from at or above its threshold to
 * below it, a notice goes to the tenant's notice bell after the commit (through the notice module's public entry),
 * in both languages. Once per crossing, not per movement below it.
 */
import type { ModuleContext, TxHooks } from '../../kernel/types.js';
import { publishNotice } from '../notice/index.js';
import { stockText } from './stock.messages.js';

interface SkuRow {
  tenantId: string;
  sku: string;
  skuName: string;
  lowStockThreshold: number;
}

export function lowStockCheck(ctx: ModuleContext, hooks: TxHooks, item: SkuRow, before: number, after: number): void {
  const threshold = item.lowStockThreshold;
  if (!(threshold > 0 && before >= threshold && after < threshold)) return;
  const p = { sku: item.sku, name: item.skuName, available: after, threshold };
  hooks.afterCommit(async () => {
    try {
      await publishNotice(ctx.db, {
        tenantId: item.tenantId,
        title: `${stockText('zh-CN', 'lowStockTitle', p)} / ${stockText('en-US', 'lowStockTitle', p)}`,
        content: `<p>${stockText('zh-CN', 'lowStockContent', p)}</p><p>${stockText('en-US', 'lowStockContent', p)}</p>`,
      });
    } catch (err) {
      ctx.log.warn({ err }, 'low-stock notice failed');
    }
  });
}
