/**
 * The spreadsheet helper: headers found in either language, cell values as text (dates by their wall-clock fields),
 * limits (rows, unpacked size), and the legacy .xls reader on real files and on hand-built BIFF8 streams that
 * split the shared-string table across CONTINUE records the way Excel does.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BizError } from './errors.js';
import { cellText, readSheet, writeSheet, zipUnpackedSize, type SheetColumn } from './sheet.js';
import { parseWorkbook, readXls } from './xls.js';

const columns: SheetColumn[] = [
  { key: 'sn', zh: '序列号', en: 'Serial number' },
  { key: 'power', zh: '额定功率', en: 'Rated power', numeric: true },
  { key: 'day', zh: '日期', en: 'Date' },
];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const key = (e: unknown) => (e instanceof BizError ? e.key : String(e));

describe('readSheet / writeSheet', () => {
  it('round-trips: headers in the caller language, text cells stay text, numbers stay numbers', async () => {
    const data = await writeSheet('en-US', { zh: '测试', en: 'Test' }, columns, [
      { sn: '0012', power: 5.5, day: '2024-03-15' },
      { sn: '1E5', power: '7', day: '' },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Test');
    expect(ws.getRow(1).values).toEqual([undefined, 'Serial number', 'Rated power', 'Date']);
    expect(ws.getCell('A2').value).toBe('0012');
    expect(ws.getCell('B3').value).toBe(7);
    const rows = await readSheet({ ext: 'xlsx', data }, columns, { maxRows: 10 });
    expect(rows).toEqual([
      { row: 2, values: { sn: '0012', power: '5.5', day: '2024-03-15' } },
      { row: 3, values: { sn: '1E5', power: '7', day: '' } },
    ]);
  });

  it('finds columns by either language or key, in any order, and skips empty rows', async () => {
    const data = await xlsx([
      ['Date', ' 序列号 ', 'ignored'],
      [new Date(Date.UTC(2024, 0, 31)), 'A-1', 'x'],
      [],
      [null, { richText: [{ text: 'B-' }, { text: '2' }] }, ''],
      [null, { formula: 'CONCAT("C","-3")', result: 'C-3' }, ''],
    ]);
    const rows = await readSheet({ ext: 'xlsx', data }, columns, { required: ['sn'], maxRows: 10 });
    expect(rows.map((r) => [r.row, r.values.sn, r.values.day])).toEqual([
      [2, 'A-1', '2024-01-31'],
      [4, 'B-2', ''],
      [5, 'C-3', ''],
    ]);
  });

  it('refuses missing headers, empty files, too many rows and non-workbooks', async () => {
    await expect(readSheet({ ext: 'xlsx', data: await xlsx([['Other'], ['x']]) }, columns, { maxRows: 5 }).catch(key)).resolves.toBe('importHeader');
    await expect(readSheet({ ext: 'xlsx', data: await xlsx([['sn', 'power']]) }, columns, { required: ['sn'], maxRows: 5 }).catch(key)).resolves.toBe('importEmpty');
    const many = await xlsx([['sn'], ...Array.from({ length: 6 }, (_, i) => [`S${i}`])]);
    await expect(readSheet({ ext: 'xlsx', data: many }, columns, { maxRows: 5 }).catch(key)).resolves.toBe('importTooManyRows');
    await expect(readSheet({ ext: 'xlsx', data: Buffer.from('PK\u0003\u0004 not really') }, columns, { maxRows: 5 }).catch(key)).resolves.not.toBe('');
    await expect(readSheet({ ext: 'csv', data: Buffer.from('a,b') }, columns, { maxRows: 5 }).catch(key)).resolves.toBe('xlsxOnly');
  });

  it('measures the unpacked size of a zip from its directory', async () => {
    const data = await xlsx([['sn'], ['x'.repeat(10_000)]]);
    const size = zipUnpackedSize(data);
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(100_000);
    expect(zipUnpackedSize(Buffer.from('no zip here'))).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads cell values as text', () => {
    expect(cellText(new Date(Date.UTC(2024, 1, 29, 0, 0, 0)))).toBe('2024-02-29');
    expect(cellText(new Date(Date.UTC(2024, 1, 29, 13, 5, 9)))).toBe('2024-02-29 13:05:09');
    expect(cellText({ text: 'link', hyperlink: 'https://example.com' })).toBe('link');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText('  padded ')).toBe('padded');
  });
});

describe('legacy .xls', () => {
  it('reads a workbook whose strings and cells fill regular sectors', () => {
    const cells = readXls(fs.readFileSync(new URL('../../test/sheets/continue.xls', import.meta.url)));
    const at = new Map(cells.map((c) => [`${c.row}:${c.col}`, c.value]));
    expect(at.get('1:1')).toBe('sn');
    for (const i of [0, 1, 12, 250, 399]) {
      expect(at.get(`${i + 2}:1`)).toBe(`SN-${i}`);
      expect(at.get(`${i + 2}:2`)).toBe(`长备注 ${i} ` + '测'.repeat(i % 13) + 'x'.repeat(i % 7));
      expect(at.get(`${i + 2}:3`)).toBe(i * 1.25);
    }
  });

  it('reads a small workbook kept in the mini stream, with dates', () => {
    const cells = readXls(fs.readFileSync(new URL('../../test/sheets/inverter-factory.xls', import.meta.url)));
    const date = cells.find((c) => c.row === 2 && c.col === 3)!.value as Date;
    expect(date.toISOString()).toBe('2024-03-15T00:00:00.000Z');
  });

  // A BIFF8 workbook stream built by hand: records as Excel writes them.
  const u16 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const f64 = (n: number) => {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(n);
    return b;
  };
  const rec = (type: number, ...parts: Buffer[]) => {
    const data = Buffer.concat(parts);
    return Buffer.concat([u16(type), u16(data.length), data]);
  };
  const wide = (s: string) => Buffer.from(s, 'utf16le');
  const narrow = (s: string) => Buffer.from(s, 'latin1');
  const cell = (row: number, col: number, xf: number) => Buffer.concat([u16(row), u16(col), u16(xf)]);

  function workbook(): Buffer {
    const bof = (dt: number) => rec(0x0809, u16(0x0600), u16(dt), Buffer.alloc(12));
    const xf = (fmt: number) => rec(0x00e0, u16(0), u16(fmt), Buffer.alloc(16));
    // SST: "SN-A" (narrow); "逆变器型号" (wide) split after 2 characters; "abcdef" narrow split after 3 with the
    // continuation switching to wide; "HEAD" whose header starts the next CONTINUE (no option byte there).
    const sst = rec(0x00fc, u32(4), u32(4), u16(4), Buffer.from([0]), narrow('SN-A'), u16(5), Buffer.from([1]), wide('逆变'));
    const c1 = rec(0x003c, Buffer.from([1]), wide('器型号'), u16(6), Buffer.from([0]), narrow('abc'));
    const c2 = rec(0x003c, Buffer.from([1]), wide('def'));
    const c3 = rec(0x003c, u16(4), Buffer.from([0]), narrow('HEAD'));
    const format = rec(0x041e, u16(164), u16(10), Buffer.from([0]), narrow('yyyy"-"m"-"d'));
    const sheetName = Buffer.concat([Buffer.from([5, 0]), narrow('Sheet')]);
    const globalsWith = (pos: number) =>
      Buffer.concat([bof(0x0005), format, xf(0), xf(14), xf(164), rec(0x0085, u32(pos), Buffer.from([0, 0]), sheetName), sst, c1, c2, c3, rec(0x000a)]);
    const pos = globalsWith(0).length;
    const rk = (n: number) => u32(((n << 2) | 2) >>> 0);
    const sheet = Buffer.concat([
      bof(0x0010),
      rec(0x00fd, cell(0, 0, 0), u32(0)),
      rec(0x00fd, cell(0, 1, 0), u32(1)),
      rec(0x00fd, cell(0, 2, 0), u32(2)),
      rec(0x00fd, cell(0, 3, 0), u32(3)),
      rec(0x027e, cell(1, 0, 0), rk(42)),
      rec(0x00bd, u16(1), u16(1), u16(0), rk(7), u16(0), u32(((1234 << 2) | 3) >>> 0), u16(2)),
      rec(0x0203, cell(2, 0, 1), f64(45366)),
      rec(0x0203, cell(2, 1, 2), f64(45292.5)),
      rec(0x0204, cell(3, 0, 0), u16(3), Buffer.from([1]), wide('标签文')),
      rec(0x0006, cell(4, 0, 0), Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(6)),
      rec(0x0207, u16(2), Buffer.from([0]), narrow('OK')),
      rec(0x0205, cell(4, 1, 0), Buffer.from([1, 0])),
      rec(0x000a),
    ]);
    return Buffer.concat([globalsWith(pos), sheet]);
  }

  it('joins shared strings split across CONTINUE records and reads every cell kind', () => {
    const cells = parseWorkbook(workbook());
    const at = new Map(cells.map((c) => [`${c.row}:${c.col}`, c.value]));
    expect(at.get('1:1')).toBe('SN-A');
    expect(at.get('1:2')).toBe('逆变器型号');
    expect(at.get('1:3')).toBe('abcdef');
    expect(at.get('1:4')).toBe('HEAD');
    expect(at.get('2:1')).toBe(42);
    expect(at.get('2:2')).toBe(7);
    expect(at.get('2:3')).toBe(12.34);
    expect((at.get('3:1') as Date).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect((at.get('3:2') as Date).toISOString()).toBe('2024-01-01T12:00:00.000Z');
    expect(at.get('4:1')).toBe('标签文');
    expect(at.get('5:1')).toBe('OK');
    expect(at.get('5:2')).toBe(true);
  });

  it('refuses broken and hostile files with a translated error, never a crash or a hang', () => {
    const real = fs.readFileSync(new URL('../../test/sheets/continue.xls', import.meta.url));
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const bad = Buffer.from(real);
      for (let j = 0; j < 20; j++) bad[8 + Math.floor(rand() * (bad.length - 8))] = Math.floor(rand() * 256);
      try {
        readXls(bad);
      } catch (e) {
        expect(e).toBeInstanceOf(BizError);
      }
    }
    expect(() => readXls(Buffer.from('not an ole file at all'))).toThrow(BizError);
    expect(() => readXls(real.subarray(0, 1000))).toThrow(BizError);
  });
});
