/**
 * Spreadsheets for imports and exports, in one place: `writeSheet` builds an .xlsx of columns (headers in the
 * caller's language) and rows; `readSheet` reads the first worksheet of an uploaded workbook into rows of strings
 * keyed by column, finding the columns by their header in either language (or the key itself), so a re-ordered or
 * English sheet imports too. Uploads arrive through `receiveFiles(req, UPLOAD_RULES.import)` (size limit and type by
 * content); here the unpacked size and the row count are limited, so a small zip cannot expand into gigabytes.
 */
import type { FastifyReply } from 'fastify';
import { lazyImport } from './lazy-import.js';
import { contentDisposition } from './download.js';
import { BizError } from './errors.js';
import type { Label, Lang } from './i18n.js';
import { readXls } from './xls.js';

const exceljs = lazyImport(() => import('exceljs'));

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetColumn {
  key: string;
  /** Header text in Chinese and English. */
  zh: string;
  en: string;
  width?: number;
  /** Written as numbers; other columns are text cells ('@'), so serials like 0012 or 1E5 stay as typed. */
  numeric?: boolean;
}

export interface SheetRow {
  /** Row number as Excel shows it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

export interface ReadSheetOptions {
  /** Column keys whose header must be present (otherwise `importHeader`). */
  required?: readonly string[];
  /** Most data rows accepted (more: `importTooManyRows`). */
  maxRows: number;
}

/** Unpacked size a workbook may reach (the upload itself is at most 10 MB). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spreadsheet dates are wall-clock values stored as UTC instants: format them by their UTC fields. */
function sheetDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h || m || s ? `${day} ${pad(h)}:${pad(m)}:${pad(s)}` : day;
}

/** A cell's value as the text a user would read in it. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return sheetDate(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text?: unknown }[]).map((t) => String(t.text ?? '')).join('').trim();
    if ('result' in o) return cellText(o.result); // formula: its cached result
    if ('text' in o) return cellText(o.text); // hyperlink
    if ('error' in o) return '';
  }
  return String(v).trim();
}

/**
 * Sum of the unpacked sizes in a zip's central directory (an .xlsx is a zip). Zip64 or unreadable directories
 * count as too large.
 */
export function zipUnpackedSize(buf: Buffer): number {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return Number.POSITIVE_INFINITY;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || p === 0xffffffff) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return Number.POSITIVE_INFINITY;
    const size = buf.readUInt32LE(p + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return total;
}

const normHeader = (h: string) => h.replace(/\s+/g, ' ').replace(/^\*\s*/, '').trim().toLowerCase();

/** Cells of the first worksheet as rows of raw values (1-based row and column numbers). */
type Grid = Map<number, Map<number, unknown>>;

async function gridOf(file: { ext: string; data: Buffer }): Promise<Grid> {
  const grid: Grid = new Map();
  if (file.ext === 'xls') {
    const cells = readXls(file.data);
    for (const c of cells) {
      let r = grid.get(c.row);
      if (!r) grid.set(c.row, (r = new Map()));
      r.set(c.col, c.value);
    }
    return grid;
  }
  if (file.ext !== 'xlsx') throw new BizError('xlsxOnly');
  if (zipUnpackedSize(file.data) > MAX_UNPACKED_BYTES) throw new BizError('importTooComplex');
  const { default: ExcelJS } = await exceljs();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file.data as unknown as ArrayBuffer);
  } catch {
    throw new BizError('fileTypeNotAllowed', { name: 'xlsx' });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new BizError('importEmpty');
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    const cells = new Map<number, unknown>();
    row.eachCell({ includeEmpty: false }, (cell, c) => cells.set(c, cell.value));
    grid.set(r, cells);
  });
  return grid;
}

/**
 * The data rows of the first worksheet of an uploaded .xlsx (or .xls) workbook, keyed by column. Empty rows are
 * skipped; a file without data rows is refused (`importEmpty`).
 */
export async function readSheet(file: { ext: string; data: Buffer }, columns: readonly SheetColumn[], opts: ReadSheetOptions): Promise<SheetRow[]> {
  const grid = await gridOf(file);
  const rowNumbers = [...grid.keys()].sort((a, b) => a - b);
  const headerRow = rowNumbers[0];
  if (headerRow === undefined) throw new BizError('importEmpty');
  const byHeader = new Map<string, string>();
  for (const c of columns) for (const h of [c.zh, c.en, c.key]) byHeader.set(normHeader(h), c.key);
  const colOf = new Map<string, number>();
  for (const [col, v] of grid.get(headerRow)!) {
    const key = byHeader.get(normHeader(cellText(v)));
    if (key && !colOf.has(key)) colOf.set(key, col);
  }
  if ((opts.required ?? []).some((k) => !colOf.has(k)) || colOf.size === 0) throw new BizError('importHeader');

  const out: SheetRow[] = [];
  for (const r of rowNumbers) {
    if (r <= headerRow) continue;
    const cells = grid.get(r)!;
    const values: Record<string, string> = {};
    let any = false;
    for (const c of columns) {
      const col = colOf.get(c.key);
      const text = col === undefined ? '' : cellText(cells.get(col));
      values[c.key] = text;
      if (text) any = true;
    }
    if (!any) continue;
    if (out.length >= opts.maxRows) throw new BizError('importTooManyRows', { max: opts.maxRows });
    out.push({ row: r, values });
  }
  if (out.length === 0) throw new BizError('importEmpty');
  return out;
}

/** An .xlsx of one worksheet: bold headers in the caller's language, then the rows (values by column key). */
export async function writeSheet(lang: Lang, title: Label | string, columns: readonly SheetColumn[], rows: readonly Record<string, unknown>[] = []): Promise<Buffer> {
  const { default: ExcelJS } = await exceljs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Helio';
  const name = typeof title === 'string' ? title : lang === 'en-US' ? title.en : title.zh;
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const ws = wb.addWorksheet(name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({
    header: lang === 'en-US' ? c.en : c.zh,
    key: c.key,
    width: c.width ?? Math.min(40, Math.max(12, [...(lang === 'en-US' ? c.en : c.zh)].length * 2 + 2)),
    style: c.numeric ? {} : { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) {
    const line: Record<string, unknown> = {};
    for (const c of columns) {
      const v = r[c.key];
      if (v === null || v === undefined || v === '') continue;
      line[c.key] = c.numeric && typeof v !== 'number' && /^-?\d+(\.\d+)?$/.test(String(v)) ? Number(v) : c.numeric ? v : String(v);
    }
    ws.addRow(line);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Answers a workbook as a download. */
export function sendSheet(reply: FastifyReply, fileName: string, data: Buffer): FastifyReply {
  return reply.header('content-type', XLSX_MIME).header('content-disposition', contentDisposition(fileName)).send(data);
}
