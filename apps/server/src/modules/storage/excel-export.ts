/**
 * The generic blob export: the rows a client shows, as an .xlsx workbook. Values are written as plain cells (nothing
 * is evaluated); the sheet name loses the characters Excel refuses.
 */
import { lazyImport } from '../../core/lazy-import.js';
import { BizError } from '../../core/errors.js';

const exceljs = lazyImport(() => import('exceljs'));

export const EXPORT_MAX_ROWS = 10_000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExcelExportInput {
  fileName?: string;
  sheetName?: string;
  columns: { key: string; title: string }[];
  rows: Record<string, unknown>[];
}

export async function excelExport(body: ExcelExportInput): Promise<{ name: string; content: Buffer }> {
  if (body.rows.length > EXPORT_MAX_ROWS) throw new BizError('exportTooLarge', { max: EXPORT_MAX_ROWS });
  const { default: ExcelJS } = await exceljs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Helio';
  const ws = wb.addWorksheet((body.sheetName || 'Sheet1').replace(/[\\/?*[\]:]/g, '_'));
  ws.columns = body.columns.map((c) => ({ header: c.title, key: `c_${c.key}`, width: Math.min(60, Math.max(10, c.title.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  for (const r of body.rows) ws.addRow(Object.fromEntries(body.columns.map((c) => [`c_${c.key}`, r[c.key] ?? null])));
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  return { name: `${(body.fileName || 'export').replace(/\.xlsx$/i, '')}.xlsx`, content };
}
