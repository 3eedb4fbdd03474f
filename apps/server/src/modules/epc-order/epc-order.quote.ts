/**
 * The order's quote as a document (spec §7 `generateQuotePdf`): the stored quote form (priced lines, currency,
 * recipient, validity) with the order number and the agent company as the seller, rendered by core/pdf's
 * `renderQuotePdf` in the language asked for, and its totals (integer cents, `quoteTotals`) for the mail's text.
 * Form amounts are numbers in major units (unit price) and percentages (discount, tax); they are handed to the
 * renderer as decimal strings (two decimals for money, four for rates).
 */
import { EMAIL_PATTERN } from '@helio/contracts/validation';
import { formatCents, quoteTotals, renderQuotePdf, type QuoteDocument, type QuoteLine } from '../../core/pdf/index.js';
import { timeZone } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../kernel/types.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';
import { quoteError, quoteText } from './epc-order.quote.messages.js';

type Rec = Record<string, unknown>;
const EMAIL = new RegExp(EMAIL_PATTERN);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
/** A form number as a decimal string with at most `places` decimals (no exponent for the forms' ranges). */
const decimal = (v: unknown, places: number): string => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`not a non-negative number: ${String(v)}`);
  return String(Number(n.toFixed(places)));
};

/** Today as YYYY-MM-DD in the server's time zone. */
export const today = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export interface Recipient {
  name: string;
  contact: string;
  address: string;
  /** The recipient's own e-mail, else the customer's ('' when neither is usable). */
  email: string;
  /** The address given, valid or not (for the refusal). */
  given: string;
}

export interface Seller {
  name: string;
  contact: string;
  address: string;
}

/** A recipient mails may go to (spec §5: name, contact and address required). */
export function requireRecipient(r: Recipient, lang: Lang): Recipient {
  if (!r.name || !r.contact || !r.address) throw quoteError(lang, 'recipientIncomplete');
  if (!r.email) throw quoteError(lang, 'recipientEmailMissing', { email: r.given || quoteText(lang, 'none') });
  return r;
}

/** The order's quote: its document, totals and recipient. */
export interface OrderQuote {
  doc: QuoteDocument;
  total: string;
  currency: string;
  recipient: Recipient;
}

export class QuoteDocs {
  constructor(private readonly reads: OrderReads) {}

  /** The agent company as the seller (its name only when the caller may not read the company). */
  async seller(actor: Actor, row: OrderRow, db: Db = this.reads.ctx.db): Promise<Seller> {
    if (!row.agentId) return { name: '', contact: '', address: '' };
    try {
      const c = await this.reads.deps.agent().service.company(actor, row.agentId, db);
      return { name: c.companyName, contact: [c.contactName, `${c.phoneDiallingCode} ${c.phone}`.trim(), c.email ?? ''].filter(Boolean).join(' · '), address: c.address ?? '' };
    } catch {
      return { name: (await this.reads.agentNames(db, [row.agentId])).get(row.agentId) ?? '', contact: '', address: '' };
    }
  }

  /** The quote's recipient as stored (a draft's may be incomplete: the PDF shows "—"). */
  recipient(data: Rec): Recipient {
    const r = obj(obj(data.quote).recipient);
    const name = str(r.name);
    const contact = str(r.contact);
    const address = str(r.address);
    const own = str(r.email);
    const customer = str(obj(data.customer).email);
    const given = own || customer;
    return { name, contact, address, given, email: EMAIL.test(given) ? given : '' };
  }

  /** The quote of an order as a document (refused when no quote with lines is stored). */
  async quote(actor: Actor, row: OrderRow, data: Rec, lang: Lang): Promise<OrderQuote> {
    const form = obj(data.quote);
    const lines = Array.isArray(form.lines) ? (form.lines as unknown[]).map(obj) : [];
    if (!lines.length) throw quoteError(lang, 'noQuote');
    const recipient = this.recipient(data);
    const currency = (str(form.currency) || 'CNY').toUpperCase();
    let docLines: QuoteLine[];
    let total: string;
    try {
      docLines = lines.map((l) => ({
        sku: str(l.sku),
        name: str(l.name),
        ...(str(l.spec) ? { spec: str(l.spec) } : {}),
        ...(str(l.model) ? { model: str(l.model) } : {}),
        quantity: decimal(l.quantity, 3),
        unitPrice: decimal(l.unitPrice, 2),
        ...(l.discount !== undefined && l.discount !== null ? { discountPercent: decimal(l.discount, 4) } : {}),
        ...(l.taxRate !== undefined && l.taxRate !== null ? { taxRate: decimal(l.taxRate, 4) } : {}),
      }));
      total = formatCents(quoteTotals(docLines).total);
    } catch (e) {
      throw quoteError(lang, 'quoteInvalid', { reason: (e as Error).message.slice(0, 200) });
    }
    const validUntil = str(form.validUntil);
    const doc: QuoteDocument = {
      orderNo: row.orderNumber,
      date: today(),
      seller: await this.seller(actor, row),
      recipient: { name: recipient.name, contact: recipient.contact, address: recipient.address },
      currency,
      lines: docLines,
      ...(validUntil ? { notes: quoteText(lang, 'validUntil', { date: validUntil.slice(0, 10) }) } : {}),
    };
    return { doc, total, currency, recipient };
  }

  /** The quote PDF and its file name, in `lang`. */
  async pdf(actor: Actor, row: OrderRow, data: Rec, lang: Lang): Promise<{ name: string; content: Buffer; quote: OrderQuote }> {
    const quote = await this.quote(actor, row, data, lang);
    let content: Buffer;
    try {
      content = await renderQuotePdf(quote.doc, { language: lang });
    } catch (e) {
      if (e instanceof RangeError) throw quoteError(lang, 'quoteInvalid', { reason: e.message.slice(0, 200) });
      throw e;
    }
    return { name: quoteText(lang, 'pdfName', { orderNumber: row.orderNumber }), content, quote };
  }
}
