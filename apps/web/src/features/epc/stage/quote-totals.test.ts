/**
 * Quote totals in the form equal the quote PDF's (contracts money/quote-totals, fed as the server's epc-order.quote.ts
 * feeds it): integer cents, half-up per line, sums of rounded line values. Expected values were computed with the
 * server's function for the same lines.
 */
import { describe, expect, it } from 'vitest';
import { divHalfUp } from '@helio/contracts/money/quote-totals';
import { formatCents, lineAmounts, quoteTotals } from './quote-totals';

describe('quote totals', () => {
  it('rounds half-up to the cent', () => {
    expect(divHalfUp(5n, 2n)).toBe(3n);
    expect(divHalfUp(4n, 2n)).toBe(2n);
    expect(divHalfUp(249n, 100n)).toBe(2n);
    expect(divHalfUp(250n, 100n)).toBe(3n);
  });

  it('computes discount then tax per line, like the server', () => {
    // 3 × 19.99 = 59.97; 12.5 % off = 7.49625 → 7.50; net 52.47; 15 % tax = 7.8705 → 7.87; total 60.34.
    expect(lineAmounts({ quantity: 3, unitPrice: 19.99, discount: 12.5, taxRate: 15 })).toEqual({ gross: 5997n, discount: 750n, net: 5247n, tax: 787n, total: 6034n });
    // 0.05 at 50 % off: 2.5 cents → 3 (half-up), net 2; 10 % of 2 cents = 0.2 → 0.
    expect(lineAmounts({ quantity: 1, unitPrice: 0.05, discount: 50, taxRate: 10 })).toEqual({ gross: 5n, discount: 3n, net: 2n, tax: 0n, total: 2n });
  });

  it('sums the rounded line values (the server gave 870231 cents for these lines)', () => {
    const totals = quoteTotals([
      { quantity: 3, unitPrice: 19.99, discount: 12.5, taxRate: 15 },
      { quantity: 1, unitPrice: 0.05, discount: 50, taxRate: 10 },
      { quantity: 7, unitPrice: 1234.56 },
      { quantity: 2, unitPrice: 0.015, taxRate: 33.3333 },
    ]);
    expect(totals).toMatchObject({ subtotal: 870196n, discount: 753n, tax: 788n, total: 870231n, incomplete: false });
    expect(totals.total).toBe(totals.lines.reduce((s, l) => s + (l?.total ?? 0n), 0n));
    expect(formatCents(totals.total)).toBe('8,702.31');
  });

  it('marks lines without a quantity or price, and refuses rates over 100 %', () => {
    expect(lineAmounts({ quantity: 2 })).toBeNull();
    expect(lineAmounts({ unitPrice: 3 })).toBeNull();
    expect(lineAmounts({ quantity: 0, unitPrice: 3 })).toBeNull();
    expect(lineAmounts({ quantity: 1, unitPrice: 3, discount: 101 })).toBeNull();
    const totals = quoteTotals([{ quantity: 2, unitPrice: 1.5 }, { quantity: 1 }]);
    expect(totals).toMatchObject({ total: 300n, incomplete: true });
  });
});
