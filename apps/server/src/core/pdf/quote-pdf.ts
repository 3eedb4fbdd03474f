/**
 * The quote document as a PDF (A4 portrait), in Chinese or English: a heading with the order number, date and
 * currency, the seller/agent and the recipient, the priced lines as a table whose header repeats on every page, the
 * totals and the notes, and "page n of N" at the foot of each page. Every piece of text is wrapped or measured to stay
 * inside its box (see text-wrap.ts); amounts come from `quoteTotals` (integer cents). The page is laid out by hand
 * (pdfkit with zero margins, our own margins below), so pdfkit never adds a page by itself.
 */
import type PDFDocument from 'pdfkit';
import { lazyImport } from '../lazy-import.js';
import type { Lang } from '../i18n.js';
import { cjkFont } from './fonts.js';
import { QUOTE_LABELS, formatQuoteDate, type QuoteLabels } from './quote-messages.js';
import { formatCents, formatPercent, formatQuantity, quoteTotals, toCents, type QuoteLineInput, type QuoteTotals } from '@helio/contracts/money/quote-totals';
import { wrapText } from './text-wrap.js';

const pdfkit = lazyImport(() => import('pdfkit'));

export interface QuoteParty {
  name: string;
  contact?: string;
  address?: string;
}

export interface QuoteLine extends QuoteLineInput {
  sku: string;
  name: string;
  spec?: string;
  model?: string;
}

export interface QuoteDocument {
  orderNo: string;
  /** "YYYY-MM-DD" or a Date (read in UTC). */
  date: string | Date;
  /** The seller or agent issuing the quote. */
  seller: QuoteParty;
  recipient: QuoteParty;
  /** ISO 4217 code shown beside the amounts, e.g. "CNY". Amounts always have two decimals. */
  currency: string;
  lines: readonly QuoteLine[];
  notes?: string;
}

export interface RenderQuoteOptions {
  language: Lang;
}

/** Page geometry in points (A4), exported for tests that check positions. */
export const QUOTE_PAGE = { width: 595.28, height: 841.89, margin: 36 } as const;

const M = QUOTE_PAGE.margin;
const RIGHT = QUOTE_PAGE.width - M;
const CONTENT_W = RIGHT - M;
const FOOT_Y = QUOTE_PAGE.height - M + 8;
const BOTTOM = QUOTE_PAGE.height - M - 8;
const FONT = 'cjk';
const BOLD = 'cjk-bold';
const TABLE_SIZE = 8;
const PAD = 3;
const LINE = (size: number) => size * 1.35;
/** A cell shows at most this many lines (then …), so one row can never be taller than a page. */
const MAX_CELL_LINES = 12;

type ColKey = 'no' | 'sku' | 'name' | 'spec' | 'qty' | 'unit' | 'discount' | 'tax' | 'total';
interface Col { key: ColKey; label: keyof QuoteLabels; width: number; align: 'left' | 'right' }

const FIXED: Omit<Col, 'width'>[] = [
  { key: 'no', label: 'colNo', align: 'right' },
  { key: 'sku', label: 'colSku', align: 'left' },
  { key: 'name', label: 'colName', align: 'left' },
  { key: 'spec', label: 'colSpec', align: 'left' },
  { key: 'qty', label: 'colQty', align: 'right' },
  { key: 'unit', label: 'colUnitPrice', align: 'right' },
  { key: 'discount', label: 'colDiscount', align: 'right' },
  { key: 'tax', label: 'colTax', align: 'right' },
  { key: 'total', label: 'colTotal', align: 'right' },
];
const WIDTHS: Record<ColKey, number> = { no: 22, sku: 64, name: 0, spec: 76, qty: 32, unit: 56, discount: 50, tax: 30, total: 64 };
WIDTHS.name = CONTENT_W - Object.values(WIDTHS).reduce((a, b) => a + b, 0);
const COLUMNS: Col[] = FIXED.map((c) => ({ ...c, width: WIDTHS[c.key] }));

type Doc = InstanceType<typeof PDFDocument>;

class QuoteWriter {
  y: number = M;
  constructor(
    readonly doc: Doc,
    readonly t: QuoteLabels,
    readonly q: QuoteDocument,
    readonly language: Lang,
  ) {}

  measure(font: string, size: number) {
    return (s: string) => this.doc.font(font).fontSize(size).widthOfString(s);
  }

  /** Draws lines left- or right-aligned inside [x, x + width]; returns the height used. */
  lines(lines: string[], x: number, y: number, width: number, o: { font?: string; size: number; align?: 'left' | 'right'; color?: string }) {
    const font = o.font ?? FONT;
    const m = this.measure(font, o.size);
    this.doc.fillColor(o.color ?? '#1f2328');
    lines.forEach((s, i) => {
      const dx = o.align === 'right' ? Math.max(0, width - m(s)) : 0;
      this.doc.font(font).fontSize(o.size).text(s, x + dx, y + i * LINE(o.size), { lineBreak: false });
    });
    return lines.length * LINE(o.size);
  }

  block(text: string, x: number, y: number, width: number, o: { font?: string; size: number; align?: 'left' | 'right'; color?: string; maxLines?: number }) {
    const wrapped = wrapText(text, width, this.measure(o.font ?? FONT, o.size), o.maxLines);
    return this.lines(wrapped, x, y, width, o);
  }

  newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = M;
    const head = `${this.t.title} ${this.t.continued} · ${this.t.orderNo} ${this.q.orderNo}`;
    this.y += this.block(head, M, this.y, CONTENT_W, { size: 8, color: '#6e7781', maxLines: 2 }) + 6;
  }

  ensure(height: number, withHeader: boolean) {
    if (this.y + height <= BOTTOM) return;
    this.newPage();
    if (withHeader) this.tableHeader();
  }

  heading() {
    const { t, q } = this;
    const metaW = 220;
    const titleH = this.block(t.title, M, this.y, CONTENT_W - metaW - 12, { font: BOLD, size: 20, maxLines: 2 });
    const meta = [`${t.orderNo}: ${q.orderNo}`, `${t.date}: ${formatQuoteDate(q.date, this.language)}`, `${t.currency}: ${q.currency}`];
    let my = this.y + 2;
    for (const s of meta) my += this.block(s, RIGHT - metaW, my, metaW, { size: 9, align: 'right', maxLines: 3 });
    this.y = Math.max(this.y + titleH, my) + 10;
    const half = (CONTENT_W - 16) / 2;
    const party = (label: string, p: QuoteParty, x: number) => {
      let py = this.y;
      py += this.block(label, x, py, half, { font: BOLD, size: 10, maxLines: 1 });
      py += this.block(p.name || '—', x, py, half, { size: 9, maxLines: 3 });
      py += this.block(`${t.contact}: ${p.contact || '—'}`, x, py, half, { size: 9, maxLines: 3 });
      py += this.block(`${t.address}: ${p.address || '—'}`, x, py, half, { size: 9, maxLines: 5 });
      return py;
    };
    const end = Math.max(party(t.seller, q.seller, M), party(t.recipient, q.recipient, M + half + 16));
    this.y = end + 12;
  }

  tableHeader() {
    const m = this.measure(BOLD, TABLE_SIZE);
    const cells = COLUMNS.map((c) => wrapText(this.t[c.label], c.width - 2 * PAD, m, 3));
    const h = Math.max(...cells.map((l) => l.length)) * LINE(TABLE_SIZE) + 2 * PAD;
    this.doc.rect(M, this.y, CONTENT_W, h).fill('#eef1f4');
    let x = M;
    COLUMNS.forEach((c, i) => {
      this.lines(cells[i] ?? [], x + PAD, this.y + PAD, c.width - 2 * PAD, { font: BOLD, size: TABLE_SIZE, align: c.align });
      x += c.width;
    });
    this.rule(this.y + h, '#8c959f');
    this.y += h;
  }

  rule(y: number, color: string) {
    this.doc.moveTo(M, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(color).stroke();
  }

  row(values: Record<ColKey, string>) {
    const m = this.measure(FONT, TABLE_SIZE);
    const cells = COLUMNS.map((c) => wrapText(values[c.key], c.width - 2 * PAD, m, MAX_CELL_LINES));
    const h = Math.max(...cells.map((l) => l.length)) * LINE(TABLE_SIZE) + 2 * PAD;
    this.ensure(h, true);
    let x = M;
    COLUMNS.forEach((c, i) => {
      this.lines(cells[i] ?? [], x + PAD, this.y + PAD, c.width - 2 * PAD, { size: TABLE_SIZE, align: c.align });
      x += c.width;
    });
    this.rule(this.y + h, '#d0d7de');
    this.y += h;
  }

  table(totals: QuoteTotals) {
    this.tableHeader();
    this.q.lines.forEach((line, i) => {
      const a = totals.lines[i]!;
      this.row({
        no: String(i + 1),
        sku: line.sku,
        name: line.name,
        spec: [line.spec, line.model].filter((s) => s && s.trim()).join('\n') || '—',
        qty: formatQuantity(line.quantity),
        unit: formatCents(toCents(line.unitPrice, 'unitPrice')),
        discount: a.discount === 0n ? '—' : `-${formatCents(a.discount)}`,
        tax: formatPercent(line.taxRate ?? 0),
        total: formatCents(a.total),
      });
    });
  }

  totals(totals: QuoteTotals) {
    const { t, q } = this;
    const labelW = 90;
    const amountW = 150;
    const x = RIGHT - labelW - amountW;
    const rows: [string, string, boolean][] = [
      [t.subtotal, formatCents(totals.subtotal), false],
      [t.discount, totals.discount === 0n ? '0.00' : `-${formatCents(totals.discount)}`, false],
      [t.tax, formatCents(totals.tax), false],
      [t.total, `${q.currency} ${formatCents(totals.total)}`, true],
    ];
    const laid = rows.map(([label, amount, bold]) => {
      const size = bold ? 11 : 9;
      const font = bold ? BOLD : FONT;
      const l = wrapText(label, labelW - PAD, this.measure(font, size), 2);
      const a = wrapText(amount, amountW, this.measure(font, size), 3);
      return { l, a, size, font, h: Math.max(l.length, a.length) * LINE(size) + 3 };
    });
    this.y += 8;
    this.ensure(laid.reduce((s, r) => s + r.h, 0) + 6, false);
    for (const [i, r] of laid.entries()) {
      if (i === laid.length - 1) {
        this.doc.moveTo(x, this.y).lineTo(RIGHT, this.y).lineWidth(0.8).strokeColor('#1f2328').stroke();
        this.y += 3;
      }
      this.lines(r.l, x, this.y, labelW - PAD, { font: r.font, size: r.size });
      this.lines(r.a, x + labelW, this.y, amountW, { font: r.font, size: r.size, align: 'right' });
      this.y += r.h;
    }
  }

  notes() {
    const text = this.q.notes?.trim();
    if (!text) return;
    this.y += 14;
    this.ensure(LINE(10) + LINE(9), false);
    this.y += this.block(this.t.notes, M, this.y, CONTENT_W, { font: BOLD, size: 10, maxLines: 1 });
    for (const line of wrapText(text, CONTENT_W, this.measure(FONT, 9))) {
      this.ensure(LINE(9), false);
      this.y += this.lines([line], M, this.y, CONTENT_W, { size: 9 });
    }
  }

  footers() {
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const s = this.t.page.replace('{page}', String(i + 1)).replace('{pages}', String(range.count));
      const w = this.measure(FONT, 8)(s);
      this.lines([s], M + (CONTENT_W - w) / 2, FOOT_Y, w, { size: 8, color: '#6e7781' });
    }
  }
}

/** Renders the quote as a PDF. Throws RangeError on a malformed amount, quantity, rate or date. */
export async function renderQuotePdf(q: QuoteDocument, { language }: RenderQuoteOptions): Promise<Buffer> {
  const totals = quoteTotals(q.lines);
  const t = QUOTE_LABELS[language];
  const { default: PDF } = await pdfkit();
  const doc = new PDF({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: language,
    displayTitle: true,
    info: { Title: `${t.title} ${q.orderNo}`, Author: q.seller.name, Producer: 'Helio' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, cjkFont('regular'));
  doc.registerFont(BOLD, cjkFont('bold'));
  const w = new QuoteWriter(doc, t, q, language);
  w.heading();
  w.table(totals);
  w.totals(totals);
  w.notes();
  w.footers();
  doc.end();
  return done;
}
