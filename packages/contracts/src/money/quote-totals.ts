/**
 * Quote arithmetic in integer minor units (cents), with no floating point anywhere: amounts are parsed from integer
 * cents (a `number` that must be a safe integer) or from decimal strings in major units ("1234.5" = 123450 cents, at
 * most two decimals), and computed with BigInt.
 *
 * Rounding rules, applied per line (half-up: 0.5 cent rounds away from zero; every value here is non-negative):
 *   gross    = quantity × unit price                       rounded half-up to the cent (exact for whole quantities)
 *   discount = gross × discountPercent / 100               rounded half-up; or a fixed discountAmount (cents, for the
 *                                                          whole line), at most the gross
 *   net      = gross − discount
 *   tax      = net × taxRate / 100                         rounded half-up
 *   total    = net + tax                                   (the line total, tax included)
 * The quote's subtotal, discount, tax and total are the sums of the lines' rounded values, so
 * total = subtotal − discount + tax holds to the cent and equals the sum of the line totals.
 */

/** Integer minor units (cents) as a number, or a decimal string in major units with at most two decimals. */
export type Money = number | string;
/** A non-negative decimal: a number or a decimal string ("13", "12.5"). */
export type Decimal = number | string;

export interface QuoteLineInput {
  /** Whole or decimal quantity (at most 3 decimals), > 0. */
  quantity: Decimal;
  unitPrice: Money;
  /** Percentage off the line's gross (0–100, at most 4 decimals). */
  discountPercent?: Decimal;
  /** A fixed discount for the whole line; used when no percentage is given. */
  discountAmount?: Money;
  /** Tax rate in percent (0–100, at most 4 decimals), e.g. 13 for 13 % VAT. */
  taxRate?: Decimal;
}

export interface LineAmounts {
  gross: bigint;
  discount: bigint;
  net: bigint;
  tax: bigint;
  total: bigint;
}

export interface QuoteTotals {
  lines: LineAmounts[];
  subtotal: bigint;
  discount: bigint;
  tax: bigint;
  total: bigint;
}

const QTY_SCALE = 1000n;
const RATE_SCALE = 10_000n;

/** n / d rounded half-up, for n ≥ 0 and d > 0. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

function parseScaled(value: Decimal, decimals: number, what: string): bigint {
  const text = typeof value === 'number' ? numberText(value, what) : value.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`${what}: not a non-negative decimal: ${JSON.stringify(value)}`);
  const frac = m[2] ?? '';
  if (frac.length > decimals) throw new RangeError(`${what}: more than ${decimals} decimals: ${text}`);
  return BigInt(m[1] + frac.padEnd(decimals, '0'));
}

function numberText(value: number, what: string): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what}: not a non-negative number: ${value}`);
  // Short decimals only (13, 12.5): String() gives the shortest round-trip text, which is what was written.
  return String(value);
}

/** Money → cents. A number is already cents and must be a safe non-negative integer. */
export function toCents(value: Money, what = 'amount'): bigint {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what}: cents must be a non-negative integer: ${value}`);
    return BigInt(value);
  }
  return parseScaled(value, 2, what);
}

function percentScaled(value: Decimal | undefined, what: string): bigint {
  if (value === undefined) return 0n;
  const p = parseScaled(value, 4, what);
  if (p > 100n * RATE_SCALE) throw new RangeError(`${what}: above 100 %: ${value}`);
  return p;
}

export function lineAmounts(line: QuoteLineInput): LineAmounts {
  const qty = parseScaled(line.quantity, 3, 'quantity');
  if (qty === 0n) throw new RangeError('quantity: must be greater than 0');
  const gross = divHalfUp(qty * toCents(line.unitPrice, 'unitPrice'), QTY_SCALE);
  let discount: bigint;
  if (line.discountPercent !== undefined) {
    discount = divHalfUp(gross * percentScaled(line.discountPercent, 'discountPercent'), 100n * RATE_SCALE);
  } else {
    const fixed = line.discountAmount === undefined ? 0n : toCents(line.discountAmount, 'discountAmount');
    discount = fixed > gross ? gross : fixed;
  }
  const net = gross - discount;
  const tax = divHalfUp(net * percentScaled(line.taxRate, 'taxRate'), 100n * RATE_SCALE);
  return { gross, discount, net, tax, total: net + tax };
}

/** Line amounts and the quote's sums (see the rounding rules above). Throws RangeError on a malformed amount. */
export function quoteTotals(lines: readonly QuoteLineInput[]): QuoteTotals {
  const amounts = lines.map(lineAmounts);
  const sum = (k: keyof LineAmounts) => amounts.reduce((s, a) => s + a[k], 0n);
  return { lines: amounts, subtotal: sum('gross'), discount: sum('discount'), tax: sum('tax'), total: sum('total') };
}

/** Cents → "1,234,567.89" (grouping with commas, always two decimals). */
export function formatCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

/** A percentage as written, without trailing zeros: "13%", "12.5%". */
export function formatPercent(value: Decimal | undefined): string {
  const p = percentScaled(value, 'percent');
  const whole = p / RATE_SCALE;
  const frac = (p % RATE_SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}

/** A quantity as written, without trailing zeros. */
export function formatQuantity(value: Decimal): string {
  const q = parseScaled(value, 3, 'quantity');
  const whole = (q / QTY_SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (q % QTY_SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}`;
}
