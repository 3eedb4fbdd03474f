/**
 * The quote PDF, read back with pdf.js: it parses, its Chinese text extracts (the embedded CJK font and its ToUnicode
 * map work) in both languages, a 100-line BOM with long Chinese names runs over several pages with the table header
 * on each and no text past the margins, and the totals printed are quoteTotals'.
 */
import './pdf-array-guard.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_LABELS, QUOTE_PAGE, formatCents, quoteTotals, renderQuotePdf } from '../src/core/pdf/index.js';
import { sampleQuote } from './pdf-fixtures.js';

interface Placed { str: string; x: number; y: number; width: number; height: number; font: string }
interface Page { items: Placed[]; text: string }

async function readPdf(buf: Buffer): Promise<Page[]> {
  const pdf = await getDocument({ data: new Uint8Array(buf), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const pages: Page[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const items = (content.items as TextItem[])
      .filter((i) => typeof i.str === 'string' && i.str.trim() !== '')
      .map((i) => ({ str: i.str, x: i.transform[4] as number, y: i.transform[5] as number, width: i.width, height: i.height, font: i.fontName }));
    pages.push({ items, text: items.map((i) => i.str).join('\n') });
  }
  await pdf.destroy();
  return pages;
}

const M = QUOTE_PAGE.margin;
const RIGHT = QUOTE_PAGE.width - M;

describe('quote PDF', () => {
  const quote = sampleQuote(100);
  const totals = quoteTotals(quote.lines);
  const rendered: Partial<Record<'zh-CN' | 'en-US', { buf: Buffer; pages: Page[] }>> = {};

  beforeAll(async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const buf = await renderQuotePdf(quote, { language });
      rendered[language] = { buf, pages: await readPdf(buf) };
    }
  });

  it('is a PDF with the CJK font embedded as a subset with a ToUnicode map, and no unembedded standard font', () => {
    for (const { buf } of Object.values(rendered)) {
      expect(buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const raw = buf.toString('latin1');
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
      expect(raw).toContain('/FontFile2');
      expect(raw).toContain('/ToUnicode');
      expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
      // a subset, not the 10 MB font files
      expect(buf.length).toBeLessThan(1_000_000);
    }
  });

  it('extracts the Chinese text in both languages, with each language its own labels', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const all = rendered[language]!.pages.map((p) => p.text).join('\n');
      const t = QUOTE_LABELS[language];
      for (const label of [t.title, t.seller, t.recipient, t.total]) expect(all).toContain(label);
      expect(all).toContain(quote.recipient.name);
      expect(all).toContain('王小明');
      expect(all).toContain('磷酸铁锂储能电池模组');
      expect(all).toContain('深圳赫利欧新能源科技有限公司');
      expect(all).toContain(language === 'zh-CN' ? '2026年11月28日' : '28 Nov 2026');
    }
    const en = rendered['en-US']!.pages.map((p) => p.text).join('\n');
    expect(en).not.toContain(QUOTE_LABELS['zh-CN'].title);
  });

  it('runs a 100-line BOM over several pages, with the table header on every page', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const { pages } = rendered[language]!;
      const t = QUOTE_LABELS[language];
      expect(pages.length).toBeGreaterThanOrEqual(4);
      for (const [i, page] of pages.entries()) {
        const strs = page.items.map((p) => p.str);
        expect(strs, `page ${i + 1}`).toContain(t.colNo);
        expect(strs, `page ${i + 1}`).toContain(t.colName);
        expect(page.text).toContain(t.page.replace('{page}', String(i + 1)).replace('{pages}', String(pages.length)));
      }
      // every line is there, once, in order
      const all = pages.map((p) => p.text).join('\n');
      let at = -1;
      for (let n = 1; n <= 100; n++) {
        const sku = `SKU-ESS-${String(n).padStart(5, '0')}`;
        const found = all.indexOf(sku);
        expect(found, sku).toBeGreaterThan(at);
        at = found;
      }
    }
  });

  it('keeps every piece of text inside the page margins', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (const [n, page] of rendered[language]!.pages.entries()) {
        for (const item of page.items) {
          const where = `${language} page ${n + 1}: ${item.str}`;
          expect(item.x, where).toBeGreaterThanOrEqual(M - 0.5);
          expect(item.x + item.width, where).toBeLessThanOrEqual(RIGHT + 0.5);
          expect(item.y, where).toBeGreaterThan(0);
          expect(item.y + item.height, where).toBeLessThan(QUOTE_PAGE.height - M + 0.5);
        }
      }
    }
  });

  it('keeps extreme values inside the margins too (huge amounts, unbroken SKUs, a name longer than a page, long notes)', async () => {
    const q = sampleQuote(3);
    const huge = {
      sku: 'X'.repeat(80),
      name: '超长名称'.repeat(200),
      spec: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.repeat(3),
      quantity: '9999.999',
      unitPrice: '9999999999.99',
      discountPercent: '33.3333',
      taxRate: '13.125',
    };
    const stress = { ...q, recipient: { ...q.recipient, address: '地址很长'.repeat(60) }, lines: [...q.lines, huge, huge], notes: '备注内容很长，'.repeat(700) };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const pages = await readPdf(await renderQuotePdf(stress, { language }));
      expect(pages.length).toBeGreaterThan(2);
      for (const item of pages.flatMap((p) => p.items)) {
        expect(item.x, item.str).toBeGreaterThanOrEqual(M - 0.5);
        expect(item.x + item.width, item.str).toBeLessThanOrEqual(RIGHT + 0.5);
        expect(item.y + item.height, item.str).toBeLessThan(QUOTE_PAGE.height - M + 0.5);
      }
      const all = pages.map((p) => p.text).join('');
      expect(all).toContain('…');
      expect(all.replace(/\s/g, '')).toContain(`CNY${formatCents(quoteTotals(stress.lines).total)}`);
    }
  });

  it('keeps the long names wrapped inside the name column', () => {
    const { pages } = rendered['zh-CN']!;
    const header = pages[0]!.items.find((i) => i.str === QUOTE_LABELS['zh-CN'].colName)!;
    const spec = pages[0]!.items.find((i) => i.str === QUOTE_LABELS['zh-CN'].colSpec)!;
    const inColumn = pages.flatMap((p) => p.items).filter((i) => Math.abs(i.x - header.x) < 0.5);
    expect(inColumn.length).toBeGreaterThan(200);
    for (const item of inColumn) expect(item.x + item.width, item.str).toBeLessThanOrEqual(spec.x);
  });

  it('prints the totals of quoteTotals on the last page', () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const { pages } = rendered[language]!;
      const last = pages[pages.length - 1]!.text;
      expect(last).toContain(`CNY ${formatCents(totals.total)}`);
      expect(last).toContain(formatCents(totals.subtotal));
      expect(last).toContain(`-${formatCents(totals.discount)}`);
      expect(last).toContain(formatCents(totals.tax));
      expect(totals.total).toBe(totals.subtotal - totals.discount + totals.tax);
      // the total in bold, the subtotal not: two different embedded fonts
      const t = QUOTE_LABELS[language];
      const items = pages[pages.length - 1]!.items;
      const fontOf = (str: string) => items.find((i) => i.str === str)?.font;
      expect(fontOf(t.total)).toBeDefined();
      expect(fontOf(t.total)).toBe(fontOf(`CNY ${formatCents(totals.total)}`));
      expect(fontOf(t.subtotal)).toBe(fontOf(formatCents(totals.subtotal)));
      expect(fontOf(t.total)).not.toBe(fontOf(t.subtotal));
      // each line total printed is the line's own
      const all = pages.map((p) => p.text).join('\n');
      for (const line of totals.lines) expect(all).toContain(formatCents(line.total));
    }
  });

  it('renders a short quote on one page and refuses a malformed amount', async () => {
    const pages = await readPdf(await renderQuotePdf(sampleQuote(2, false), { language: 'en-US' }));
    expect(pages).toHaveLength(1);
    const bad = { ...sampleQuote(1), lines: [{ sku: 'X', name: 'x', quantity: 1, unitPrice: '1.005' }] };
    await expect(renderQuotePdf(bad, { language: 'zh-CN' })).rejects.toThrow(RangeError);
  });
});
