/**
 * The FAC template (spec §7 "fac template export (blob)"): an A4 PDF for the handover, in Chinese or English — the
 * order number and date, the customer, the install site, the installed system (the design's summary, the QC serials)
 * and four signature boxes (landlord, installer, electrician, owner) with a date line each. Rendered with pdfkit and
 * the CJK font of the quote PDF (core/pdf/fonts.ts); text is wrapped to its box (core/pdf/text-wrap.ts) and a long
 * serial list continues on further pages.
 */
import { lazyImport } from '../../core/lazy-import.js';
import { cjkFont } from '../../core/pdf/fonts.js';
import { wrapText } from '../../core/pdf/text-wrap.js';
import type { Lang } from '../../core/i18n.js';
import type { OrderRow } from './epc-order.service.js';
import { today } from './epc-order.quote.js';

const pdfkit = lazyImport(() => import('pdfkit'));

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

const LABELS = {
  'zh-CN': {
    title: 'FAC 最终验收证书',
    orderNo: '订单编号',
    date: '日期',
    customer: '客户',
    phone: '电话',
    email: '邮箱',
    site: '安装地址',
    system: '已安装系统',
    pv: '光伏容量',
    inverter: '逆变器功率',
    battery: '电池容量',
    serials: '设备序列号',
    none: '—',
    statement: '各方确认上述系统已按设计安装完成、调试合格并移交使用。',
    landlord: '房东签名',
    installer: '安装人员签名',
    electrician: '电工签名',
    owner: '业主签名',
    signDate: '日期',
  },
  'en-US': {
    title: 'FAC — Final Acceptance Certificate',
    orderNo: 'Order no.',
    date: 'Date',
    customer: 'Customer',
    phone: 'Phone',
    email: 'E-mail',
    site: 'Install site',
    system: 'Installed system',
    pv: 'PV capacity',
    inverter: 'Inverter power',
    battery: 'Battery capacity',
    serials: 'Device serial numbers',
    none: '—',
    statement: 'The parties confirm that the system above is installed as designed, commissioned and handed over.',
    landlord: 'Landlord signature',
    installer: 'Installer signature',
    electrician: 'Electrician signature',
    owner: 'Owner signature',
    signDate: 'Date',
  },
} as const;

const W = 595.28;
const H = 841.89;
const M = 40;
const CW = W - 2 * M;
const FONT = 'cjk';
const BOLD = 'cjk-bold';

/** The FAC template of an order as a PDF. */
export async function renderFacTemplate(row: OrderRow, data: Rec, lang: Lang): Promise<Buffer> {
  const t = LABELS[lang];
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({ size: 'A4', margin: 0, lang, displayTitle: true, info: { Title: `${t.title} ${row.orderNumber}`, Producer: 'Helio' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT, cjkFont('regular'));
  doc.registerFont(BOLD, cjkFont('bold'));
  let y = M;
  const measure = (font: string, size: number) => (s: string) => doc.font(font).fontSize(size).widthOfString(s);
  const write = (s: string, o: { size?: number; font?: string; x?: number; width?: number; color?: string; maxLines?: number } = {}) => {
    const size = o.size ?? 10;
    const font = o.font ?? FONT;
    const lines = wrapText(s, o.width ?? CW, measure(font, size), o.maxLines);
    for (const line of lines) {
      if (y + size * 1.4 > H - M) {
        doc.addPage({ size: 'A4', margin: 0 });
        y = M;
      }
      doc.fillColor(o.color ?? '#1f2328').font(font).fontSize(size).text(line, o.x ?? M, y, { lineBreak: false });
      y += size * 1.4;
    }
  };
  const customer = obj(data.customer);
  const address = obj(customer.installAddress);
  const summary = obj(obj(data.design).summary);
  const serials = (Array.isArray(obj(data.qc).serials) ? (obj(data.qc).serials as unknown[]) : []).map(obj).map((s) => `${str(s.deviceType)} ${str(s.sn)}`.trim()).filter(Boolean);
  const or = (s: string) => s || t.none;

  write(t.title, { size: 18, font: BOLD });
  y += 4;
  write(`${t.orderNo}: ${row.orderNumber}    ${t.date}: ${today()}`, { size: 10, color: '#57606a' });
  y += 10;
  write(t.customer, { size: 12, font: BOLD });
  write(`${or(str(customer.name) || row.customerName)}${str(customer.company) ? ` (${str(customer.company)})` : ''}`);
  write(`${t.phone}: ${or(`${str(customer.phoneDiallingCode)} ${str(customer.phone)}`.trim())}    ${t.email}: ${or(str(customer.email))}`);
  write(`${t.site}: ${or([str(customer.address), str(address.district), str(address.city), str(address.province), str(address.country)].filter(Boolean).join(', '))}`);
  y += 10;
  write(t.system, { size: 12, font: BOLD });
  const num = (v: unknown, unit: string) => (str(v) ? `${str(v)} ${unit}` : t.none);
  write(`${t.pv}: ${num(summary.kwp, 'kWp')}    ${t.inverter}: ${num(summary.inverterKw, 'kW')}    ${t.battery}: ${num(summary.batteryKwh, 'kWh')}`);
  write(`${t.serials}: ${serials.length ? serials.join(', ') : t.none}`);
  y += 10;
  write(t.statement, { size: 10 });
  y += 14;
  // Four signature boxes, two by two (a new page when they do not fit).
  const boxW = (CW - 20) / 2;
  const boxH = 110;
  if (y + 2 * boxH + 20 > H - M) {
    doc.addPage({ size: 'A4', margin: 0 });
    y = M;
  }
  (['landlord', 'installer', 'electrician', 'owner'] as const).forEach((k, i) => {
    const x = M + (i % 2) * (boxW + 20);
    const by = y + Math.floor(i / 2) * (boxH + 20);
    doc.lineWidth(0.8).strokeColor('#8c959f').rect(x, by, boxW, boxH).stroke();
    doc.fillColor('#1f2328').font(BOLD).fontSize(10).text(t[k], x + 8, by + 6, { lineBreak: false });
    doc.font(FONT).fontSize(9).fillColor('#57606a').text(`${t.signDate}: ____________`, x + 8, by + boxH - 18, { lineBreak: false });
  });
  doc.end();
  return done;
}
