/**
 * The order's mails (spec §7 sendMail, paymentConfirmSendMail, finalPaymentConfirmSendMail and their details): the
 * quote with its PDF once finance approved it, the ESS payment confirmation once the payment is confirmed, the final
 * (balance) payment confirmation once the balance is confirmed — "once" read from the stage definition: the order is
 * past the stage whose approval or submission confirms it (`ess_quotation`, `ess_payment`, `balance_payment`; an order
 * cannot skip a stage, so being past it means it was done), and not cancelled. Who may send: the roles acting at that
 * stage (quote: its author and its reviewer) and administrators.
 *
 * A send goes through the mail module's public entry (the tenant's enabled SMTP configuration) outside any
 * transaction and never touches the order (stage, state, version): when the mail server is down or refuses, the
 * attempt is recorded (`helio_epc_order_mail`, and the mail outbox) and answered as a translated 400, and the same call
 * may simply be made again.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { OrderMailKind, OrderMailVO } from '@helio/contracts/modules/epc/order.quote.api';
import type { Static } from 'typebox';
import { formatDateTime } from '../../core/dates.js';
import { ForbiddenError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { nextId } from '../../core/ids.js';
import type { Actor } from '../../kernel/types.js';
import type { MailApi, MailAttachment } from '../mail/index.js';
import type { OrderReads, OrderRow } from './epc-order.service.js';
import { epcOrderMail } from './epc-order.mail.tables.js';
import { quoteError, quoteText, type QuoteMessageKey } from './epc-order.quote.messages.js';
import { requireRecipient, type QuoteDocs } from './epc-order.quote.js';

const DEF = EPC_ORDER_PROCESS;
type Rec = Record<string, unknown>;
type MailVo = Static<typeof OrderMailVO>;
type MailRow = typeof epcOrderMail.$inferSelect;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

interface MailRule {
  /** The stage whose completion the mail reports: the order must be past it. */
  after: string;
  /** The roles that may send it (administrators always may). */
  roles: readonly string[];
  refusal: QuoteMessageKey;
}

const RULES: Record<OrderMailKind, MailRule> = {
  callout: { after: 'callout_quote', roles: [...DEF.rolesFor('callout_quote', 'submit'), ...DEF.rolesFor('callout_quote', 'approve')], refusal: 'calloutNotApproved' },
  quote: { after: 'ess_quotation', roles: [...DEF.rolesFor('ess_quotation', 'submit'), ...DEF.rolesFor('ess_quotation', 'approve')], refusal: 'quoteNotApproved' },
  payment: { after: 'ess_payment', roles: DEF.rolesFor('ess_payment', 'submit'), refusal: 'paymentNotConfirmed' },
  finalPayment: { after: 'balance_payment', roles: DEF.rolesFor('balance_payment', 'submit'), refusal: 'finalPaymentNotConfirmed' },
};

/** The call-out quote as a quote of one line (the call-out fee): its PDF and recipient are made as the quote's. */
function calloutAsQuote(data: Rec, lang: Lang): Rec {
  const c = obj(data.calloutQuote);
  return { ...data, quote: { currency: str(c.currency) || 'CNY', recipient: c.recipient, lines: [{ sku: 'CALL-OUT', name: quoteText(lang, 'calloutLine'), quantity: 1, unitPrice: c.amount }] } };
}

export class OrderMails {
  constructor(
    private readonly reads: OrderReads,
    private readonly docs: QuoteDocs,
    private readonly mail: () => MailApi,
  ) {}

  private get db() {
    return this.reads.ctx.db;
  }

  /** The order may have this mail now (role, then stage), else a 403 or a translated 400. */
  check(actor: Actor, row: OrderRow, kind: OrderMailKind, lang: Lang, companies: readonly string[] | undefined): void {
    const rule = RULES[kind];
    const roles = this.reads.roles(actor, row.agentId, companies);
    if (!roles.some((r) => r === 'administrator' || rule.roles.includes(r))) throw new ForbiddenError();
    if (row.stage === 'cancelled') throw quoteError(lang, 'orderCancelled');
    // Past the stage, having gone through it (a maintenance order may skip the quote and its payment).
    const def = this.reads.def;
    const left = row.state.visits.some((v) => v.stage === rule.after && v.leftAt);
    if (def.indexOf(row.stage) <= def.indexOf(rule.after) || !left) throw quoteError(lang, rule.refusal);
  }

  /** Sends one of the order's mails (written in `mailLang`), records the attempt and answers it; a failed send is a 400 (in `lang`). */
  async send(actor: Actor, rawId: unknown, kind: OrderMailKind, lang: Lang, mailLang: Lang = lang): Promise<MailVo> {
    const row = await this.reads.load(actor, rawId, lang);
    this.check(actor, row, kind, lang, await this.reads.companies(actor));
    const stored = await this.reads.data(this.db, row.id);
    const data = kind === 'callout' ? calloutAsQuote(stored, mailLang) : stored;
    const recipient = requireRecipient(this.docs.recipient(data), lang);
    const seller = await this.docs.seller(actor, row);
    const sellerName = seller.name || row.orderNumber;
    let subject: string;
    let body: string;
    const attachments: MailAttachment[] = [];
    if (kind === 'quote' || kind === 'callout') {
      const pdf = await this.docs.pdf(actor, row, data, mailLang);
      const callout = kind === 'callout';
      const filename = callout ? quoteText(mailLang, 'calloutPdfName', { orderNumber: row.orderNumber }) : pdf.name;
      attachments.push({ filename, content: pdf.content, contentType: 'application/pdf' });
      subject = quoteText(mailLang, callout ? 'calloutSubject' : 'quoteSubject', { orderNumber: row.orderNumber });
      body = quoteText(mailLang, callout ? 'calloutBody' : 'quoteBody', { name: recipient.name, orderNumber: row.orderNumber, currency: pdf.quote.currency, total: pdf.quote.total, seller: sellerName });
    } else {
      const payment = obj(kind === 'payment' ? data.essPayment : data.balancePayment);
      const currency = (str(obj(data.quote).currency) || 'CNY').toUpperCase();
      const amount = Number(payment.amount);
      const params = {
        name: recipient.name,
        orderNumber: row.orderNumber,
        currency,
        amount: Number.isFinite(amount) ? amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '—',
        paidAt: str(payment.paidAt).slice(0, 10) || '—',
        reference: str(payment.reference) || quoteText(mailLang, 'none'),
        seller: sellerName,
      };
      subject = quoteText(mailLang, kind === 'payment' ? 'paymentSubject' : 'finalPaymentSubject', { orderNumber: row.orderNumber });
      body = quoteText(mailLang, kind === 'payment' ? 'paymentBody' : 'finalPaymentBody', params);
    }
    const result = await this.mail().deliver(row.tenantId, { to: recipient.email, subject, text: body, attachments }, { scene: 'order', userId: actor.userId, lang });
    const [saved] = await this.db
      .insert(epcOrderMail)
      .values({
        id: nextId(),
        tenantId: row.tenantId,
        orderId: row.id,
        kind,
        toAddress: recipient.email.slice(0, 320),
        subject: subject.slice(0, 255),
        body,
        language: mailLang,
        attachments: attachments.map((a) => ({ name: a.filename, size: a.content.length, contentType: a.contentType })),
        status: result.ok ? 'sent' : 'failed',
        error: result.ok ? null : (result.message ?? result.error ?? '').slice(0, 500),
        outboxId: result.outboxId ?? null,
        orderVersion: row.version,
        createUser: actor.userId,
      })
      .returning();
    if (!result.ok) throw quoteError(lang, 'mailFailed', { reason: result.message ?? result.error ?? '' });
    return this.vo(saved!, await this.attempts(row.id, kind));
  }

  /** The last attempt of a mail of a visible order (null before any). */
  async last(row: OrderRow, kind: OrderMailKind): Promise<MailVo | null> {
    const [m] = await this.db
      .select()
      .from(epcOrderMail)
      .where(and(eq(epcOrderMail.orderId, row.id), eq(epcOrderMail.kind, kind)))
      .orderBy(desc(epcOrderMail.createTime), desc(epcOrderMail.id))
      .limit(1);
    return m ? this.vo(m, await this.attempts(row.id, kind)) : null;
  }

  async detail(actor: Actor, rawId: unknown, lang: Lang) {
    const row = await this.reads.load(actor, rawId, lang);
    return { order: await this.reads.voOf(row, lang), mail: await this.last(row, 'quote'), calloutMail: await this.last(row, 'callout') };
  }

  async paymentDetail(actor: Actor, rawId: unknown, lang: Lang) {
    const row = await this.reads.load(actor, rawId, lang);
    return { order: await this.reads.voOf(row, lang), mail: await this.last(row, 'payment'), finalMail: await this.last(row, 'finalPayment') };
  }

  private async attempts(orderId: string, kind: OrderMailKind): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(epcOrderMail).where(and(eq(epcOrderMail.orderId, orderId), eq(epcOrderMail.kind, kind)));
    return Number(r?.n ?? 0);
  }

  private vo(m: MailRow, attempts: number): MailVo {
    return {
      id: m.id,
      kind: m.kind as OrderMailKind,
      to: m.toAddress,
      subject: m.subject,
      body: m.body,
      language: m.language,
      attachments: m.attachments,
      status: m.status === 'sent' ? 'sent' : 'failed',
      error: m.error ?? null,
      attempts,
      userId: m.createUser ?? null,
      createTime: formatDateTime(m.createTime) ?? '',
    };
  }
}
