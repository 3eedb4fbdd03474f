/**
 * Shared by the order-quote tests: a real SMTP sink (smtp-server on 127.0.0.1, started and stopped by the test), the
 * received message taken apart (subject with RFC 2047 words, text part, attachments), pdf.js text extraction and a
 * walk of an order through the sales half to a named point.
 */
import './pdf-array-guard.js';
import net, { type AddressInfo } from 'node:net';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { customer, designForm, INSERT, ORDER, quoteForm, surveyForm, tag, type Crew, type H, type helpers } from './epc-order-fixtures.js';

export interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that takes any message (no sign-in, no STARTTLS) and keeps it. */
export class SmtpSink {
  readonly received: Received[] = [];
  private server: SMTPServer | undefined;

  /** A port nothing listens on yet (the sink starts there later). */
  static async freePort(): Promise<number> {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    return port;
  }

  async start(port: number): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }
}

const qDecode = (s: string) => Buffer.from(s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
const unqp = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** A header of a MIME entity, unfolded, with encoded words decoded. */
export function header(head: string, name: string): string {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head);
  if (!m) return '';
  const v = m[1]!.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  return v.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qDecode(text)).toString('utf8'),
  );
}

export interface MimePart {
  head: string;
  type: string;
  content: Buffer;
}

/** A received message: its subject and its leaf parts (bodies decoded). */
export function parseMail(raw: string): { subject: string; text: string; parts: MimePart[] } {
  const split = (entity: string): MimePart[] => {
    const at = entity.search(/\r?\n\r?\n/);
    const head = entity.slice(0, at);
    const body = entity.slice(at).replace(/^\r?\n\r?\n/, '');
    const type = header(head, 'Content-Type');
    const boundary = /boundary="?([^";\s]+)"?/i.exec(type)?.[1];
    if (boundary) {
      return body
        .split(`--${boundary}`)
        .slice(1, -1)
        .flatMap((p) => split(p.replace(/^\r?\n/, '')));
    }
    const enc = header(head, 'Content-Transfer-Encoding').toLowerCase();
    const content = enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : enc === 'quoted-printable' ? Buffer.from(unqp(body), 'utf8') : Buffer.from(body, 'utf8');
    return [{ head, type: type.split(';')[0]!.trim().toLowerCase(), content }];
  };
  const parts = split(raw);
  const headEnd = raw.search(/\r?\n\r?\n/);
  return { subject: header(raw.slice(0, headEnd), 'Subject'), text: parts.find((p) => p.type === 'text/plain')?.content.toString('utf8') ?? '', parts };
}

/** The text of every page of a PDF, read with pdf.js. */
export async function pdfText(buf: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buf), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
  const out: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    out.push((content.items as TextItem[]).map((i) => i.str).join(' '));
  }
  await pdf.destroy();
  return out.join('\n');
}

export type Helpers = ReturnType<typeof helpers>;

/** The tenant's SMTP configuration pointing to a sink on loopback port `port`, enabled (the administrator saves it). */
export async function sinkMailConfig(h: Helpers, admin: H, port: number, from: { address: string; name: string }): Promise<void> {
  const saved = await h.post('/api/blade-resource/mail/submit', admin, { name: tag('sink '), host: '127.0.0.1', port, security: 'none', fromAddress: from.address, fromName: from.name });
  expect(saved.json().code, saved.body).toBe(200);
  expect((await h.post(`/api/blade-resource/mail/enable?id=${saved.json().data.id}`, admin)).json().code).toBe(200);
}
export type Point = 'quote_submitted' | 'quote_approved' | 'payment_confirmed';

/** An order of the crew's company walked through the sales half to `point`; answers its id and current row. */
export async function walkOrder(h: Helpers, crew: Crew, admin: H, point: Point, name = 'Zhang Wei'): Promise<{ id: string; o: Record<string, unknown> }> {
  const { post } = h;
  const skuCode = tag('SKU-');
  const sku = await post('/api/skyworth-agent/skuBaseInfo/save', admin, { sku: skuCode, skuName: `Inverter ${skuCode}`, skuType: 3, unit: 'pcs', unitPrice: '10' });
  expect(sku.json().code, sku.body).toBe(200);
  expect((await post('/api/skyworth-agent/skuHistory/save', admin, { movementType: 'receive', skuId: sku.json().data.id, quantity: 5, reference: 'PO' })).json().code).toBe(200);
  const created = await post(INSERT, crew.admin, { customer: customer({ name }), submit: true });
  expect(created.json().code, created.body).toBe(200);
  let o = created.json().data as Record<string, unknown>;
  const id = o.id as string;
  const step = async (url: string, who: H, body: object) => {
    const res = await post(`${ORDER}/${url}`, who, { orderId: id, version: o.version, ...body });
    expect(res.json().code, `${url}: ${res.body}`).toBe(200);
    o = res.json().data;
  };
  await step('calloutQuote/submit', crew.delivery, { form: { amount: 50, recipient: { name, contact: 'c', address: 'a' } } });
  await step('calloutQuote/audit', crew.finance, { approved: true });
  await step('explorationDate/submit', crew.rollout, { date: '2026-12-01' });
  await step('designatedPerson/assign', crew.rollout, { technicianIds: [crew.techId], electricianIds: [crew.elecId] });
  await step('survey/submit', crew.tech, { form: surveyForm() });
  await step('survey/audit', crew.rollout, { approved: true });
  await step('design/submit', crew.designer, { form: designForm([{ sku: skuCode, equipmentType: 'inverter', quantity: 1 }]) });
  await step('design/audit', crew.rollout, { approved: true });
  await step('stock/audit', crew.warehouse, { approved: true, form: { lines: [{ sku: skuCode, quantity: 1, status: 'confirmed' }] } });
  const q = quoteForm(skuCode);
  await step('quote/submit', crew.delivery, { form: { ...q, currency: 'ZAR', lines: [{ ...q.lines[0]!, name: '逆变器 Inverter', taxRate: 15 }], recipient: { ...q.recipient, name } } });
  if (point === 'quote_submitted') return { id, o };
  await step('quote/quoteAudit', crew.finance, { approved: true });
  if (point === 'quote_approved') return { id, o };
  await step('installPay/confirm', crew.finance, { form: { amount: 1380, paidAt: '2026-11-28', reference: 'BANK-42' } });
  return { id, o };
}
