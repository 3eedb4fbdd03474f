/**
 * Quote line totals in the form, by the same rule the quote PDF uses (contracts `money/quote-totals`: integer cents,
 * half-up per line), fed the way the server feeds it from the stored quote form: unit price to 2 decimals, discount
 * and tax % to 4, quantity to 3. A line whose quantity or price is missing or malformed counts as nothing and marks
 * the quote incomplete (the form is being filled).
 */
import { formatCents, lineAmounts as amountsOf, type LineAmounts } from '@helio/contracts/money/quote-totals';

export { formatCents, type LineAmounts };

export interface QuoteLineForm {
  quantity?: unknown;
  unitPrice?: unknown;
  discount?: unknown;
  taxRate?: unknown;
}

export interface QuoteTotals {
  lines: (LineAmounts | null)[];
  subtotal: bigint;
  discount: bigint;
  tax: bigint;
  total: bigint;
  /** Some line could not be computed (missing or malformed quantity or price). */
  incomplete: boolean;
}

/** A non-negative form number as decimal text with at most `decimals` places, or null. */
function decimal(v: unknown, decimals: number): string | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < 0) return null;
  return String(Number(n.toFixed(decimals)));
}

/** One line's amounts in cents, or null when its quantity or unit price is missing or malformed. */
export function lineAmounts(line: QuoteLineForm): LineAmounts | null {
  const quantity = decimal(line.quantity, 3);
  const unitPrice = decimal(line.unitPrice, 2);
  if (quantity === null || unitPrice === null) return null;
  const discountPercent = decimal(line.discount, 4) ?? undefined;
  const taxRate = decimal(line.taxRate, 4) ?? undefined;
  try {
    return amountsOf({ quantity, unitPrice, ...(discountPercent ? { discountPercent } : {}), ...(taxRate ? { taxRate } : {}) });
  } catch {
    return null; // zero quantity, a rate above 100 %, more decimals than the rule takes
  }
}

/** Every line's amounts and the quote's sums. */
export function quoteTotals(lines: readonly QuoteLineForm[]): QuoteTotals {
  const amounts = lines.map(lineAmounts);
  const sum = (k: keyof LineAmounts) => amounts.reduce((s, a) => s + (a ? a[k] : 0n), 0n);
  return { lines: amounts, subtotal: sum('gross'), discount: sum('discount'), tax: sum('tax'), total: sum('total'), incomplete: amounts.some((a) => a === null) };
}
