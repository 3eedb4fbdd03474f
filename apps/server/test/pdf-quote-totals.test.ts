/** Quote arithmetic (integer cents, half-up per line) and the cell wrapping the quote PDF relies on. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divHalfUp, formatCents, formatPercent, formatQuantity, lineAmounts, quoteTotals, toCents } from '../src/core/pdf/index.js';
import { wrapText } from '../src/core/pdf/text-wrap.js';

describe('quote amounts', () => {
  it('parses cents and decimal strings exactly, refusing what would need rounding or is not money', () => {
    expect(toCents(123456)).toBe(123456n);
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents('19')).toBe(1900n);
    expect(() => toCents('1.005')).toThrow(RangeError);
    expect(() => toCents(12.5)).toThrow(RangeError);
    expect(() => toCents(-1)).toThrow(RangeError);
    expect(() => toCents('1e3')).toThrow(RangeError);
    expect(() => toCents('-3.00')).toThrow(RangeError);
  });

  it('rounds half-up per line: discount, then tax on the discounted amount', () => {
    // 3 × 0.35 = 1.05; 10 % off = 0.105 → 0.11 (half-up); net 0.94; 13 % tax = 0.1222 → 0.12; total 1.06
    expect(lineAmounts({ quantity: 3, unitPrice: '0.35', discountPercent: 10, taxRate: 13 })).toEqual({
      gross: 105n, discount: 11n, net: 94n, tax: 12n, total: 106n,
    });
    // 0.5 cent of tax rounds up: net 0.50, 1 % = 0.005 → 0.01
    expect(lineAmounts({ quantity: 1, unitPrice: 50, taxRate: 1 }).tax).toBe(1n);
    // 0.4999 cent rounds down: net 49.99 at 0.01 % = 0.4999 cents → 0
    expect(lineAmounts({ quantity: 1, unitPrice: 4999, taxRate: '0.01' }).tax).toBe(0n);
    // decimal quantity: 2.5 × 0.33 = 0.825 → 0.83
    expect(lineAmounts({ quantity: '2.5', unitPrice: '0.33' }).gross).toBe(83n);
  });

  it('caps a fixed discount at the line gross and prefers the percentage when both are given', () => {
    expect(lineAmounts({ quantity: 1, unitPrice: 500, discountAmount: 800 })).toMatchObject({ discount: 500n, net: 0n, total: 0n });
    expect(lineAmounts({ quantity: 2, unitPrice: 1000, discountPercent: 50, discountAmount: 1 }).discount).toBe(1000n);
  });

  it('has no float drift where floats would have it', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; here ten lines of 0.10 plus 0.20 are exactly 1.20
    const lines = [...Array.from({ length: 10 }, () => ({ quantity: 1, unitPrice: '0.10' })), { quantity: 1, unitPrice: '0.20' }];
    expect(quoteTotals(lines).total).toBe(120n);
    // 1.15 × 100 is 114.99999999999999 in floats
    expect(lineAmounts({ quantity: 100, unitPrice: '1.15' }).gross).toBe(11500n);
    expect(() => lineAmounts({ quantity: 1, unitPrice: 100, taxRate: 0.1 + 0.2 })).toThrow(RangeError);
  });

  it('refuses quantities and rates out of range', () => {
    expect(() => lineAmounts({ quantity: 0, unitPrice: 1 })).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: '1.0001', unitPrice: 1 })).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: 1, unitPrice: 1, taxRate: 101 })).toThrow(RangeError);
    expect(() => lineAmounts({ quantity: 1, unitPrice: 1, discountPercent: '-5' })).toThrow(RangeError);
  });

  it('totals are the sums of the rounded lines, and total = subtotal − discount + tax', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 10_000 }),
      unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
      discountPercent: fc.option(fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toFixed(4)), { nil: undefined }),
      taxRate: fc.integer({ min: 0, max: 300_000 }).map((n) => (n / 10_000).toFixed(4)),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const t = quoteTotals(lines);
        expect(t.total).toBe(t.subtotal - t.discount + t.tax);
        expect(t.total).toBe(t.lines.reduce((s, l) => s + l.total, 0n));
        for (const [i, l] of lines.entries()) {
          // independent check of each rounding against exact rationals
          const gross = BigInt(l.quantity) * BigInt(l.unitPrice);
          expect(t.lines[i]!.gross).toBe(gross);
          const pct = BigInt(Math.round(Number(l.discountPercent ?? '0') * 10_000));
          const exactDiscount = gross * pct; // in 1/1,000,000 cents
          const d = t.lines[i]!.discount;
          expect(d * 1_000_000n - exactDiscount).toBeLessThanOrEqual(500_000n);
          expect(exactDiscount - d * 1_000_000n).toBeLessThan(500_000n);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('formats amounts, percentages and quantities', () => {
    expect(formatCents(123456789n)).toBe('1,234,567.89');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(0n)).toBe('0.00');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent(13)).toBe('13%');
    expect(formatQuantity('1200.500')).toBe('1,200.5');
    expect(divHalfUp(5n, 10n)).toBe(1n);
    expect(divHalfUp(4n, 10n)).toBe(0n);
  });
});

describe('cell wrapping', () => {
  // one unit per character: CJK 2, others 1
  const measure = (s: string) => [...s].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/u.test(ch) ? 2 : 1), 0);

  it('never makes a line wider than the cell, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('磷', '酸', '铁', '（', '）', '，', 'a', 'B', '-', ' ', '7', '.') }), fc.integer({ min: 4, max: 30 }), (text, width) => {
        for (const line of wrapText(text, width, measure)) expect(measure(line)).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('breaks Chinese anywhere, Latin at spaces, splits over-long words, keeps punctuation rules', () => {
    expect(wrapText('单晶硅光伏组件', 6, measure)).toEqual(['单晶硅', '光伏组', '件']);
    expect(wrapText('rail for tiled roof', 9, measure)).toEqual(['rail for', 'tiled', 'roof']);
    expect(wrapText('SKU-ESS-00001-LFP', 8, measure)).toEqual(['SKU-ESS-', '00001-LF', 'P']);
    // "，" must not start a line: "件" comes down with it
    expect(wrapText('光伏组件，逆变器', 8, measure)).toEqual(['光伏组', '件，逆变', '器']);
    // "（" must not end a line
    expect(wrapText('电池模组（壁挂）', 10, measure)).toEqual(['电池模组', '（壁挂）']);
    expect(wrapText('a\nb', 10, measure)).toEqual(['a', 'b']);
  });

  it('cuts at maxLines with an ellipsis that still fits', () => {
    const lines = wrapText('一二三四五六七八九十', 4, measure, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(measure(lines[1]!)).toBeLessThanOrEqual(4);
  });
});
