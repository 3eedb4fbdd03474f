/**
 * A small reader for legacy Excel 97–2003 workbooks (.xls: BIFF8 records in an OLE2 compound file), enough for
 * imports: the cell values of the first worksheet — shared and inline strings, numbers (RK, MULRK, NUMBER), dates
 * (numbers in a date format), booleans and cached formula results. Anything malformed, encrypted or older than
 * BIFF8 is refused with a translated message; every offset is bounds-checked and every sector chain loop-checked,
 * so a hostile file cannot hang or crash the server.
 */
import { BizError } from './errors.js';

export interface XlsCell {
  /** 1-based, as Excel shows it. */
  row: number;
  col: number;
  value: string | number | boolean | Date;
}

const bad = () => new BizError('fileTypeNotAllowed', { name: 'xls' });

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;

/** The named stream of an OLE2 compound file. */
export function cfbStream(buf: Buffer, names: readonly string[]): Buffer | undefined {
  if (buf.length < 512 || !buf.subarray(0, 8).equals(SIGNATURE)) throw bad();
  const sectorShift = buf.readUInt16LE(0x1e);
  const miniShift = buf.readUInt16LE(0x20);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw bad();
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((buf.length - sectorSize) / sectorSize) + 1;
  const sector = (n: number) => {
    const off = (n + 1) * sectorSize;
    if (n >= sectorCount || off >= buf.length) throw bad();
    return buf.subarray(off, Math.min(off + sectorSize, buf.length));
  };

  // The FAT sectors: 109 in the header, then the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = buf.readUInt32LE(0x4c + i * 4);
    if (s !== FREE && s !== END_OF_CHAIN) fatSectors.push(s);
  }
  let difat = buf.readUInt32LE(0x44);
  for (let guard = 0; difat !== END_OF_CHAIN && difat !== FREE; guard++) {
    if (guard > sectorCount) throw bad();
    const d = sector(difat);
    const per = sectorSize / 4 - 1;
    for (let i = 0; i < per; i++) {
      const s = d.readUInt32LE(i * 4);
      if (s !== FREE && s !== END_OF_CHAIN) fatSectors.push(s);
    }
    difat = d.readUInt32LE(per * 4);
  }
  if (fatSectors.length > sectorCount) throw bad();
  const fat = Buffer.concat(fatSectors.map(sector));
  const next = (n: number) => {
    if ((n + 1) * 4 > fat.length) throw bad();
    return fat.readUInt32LE(n * 4);
  };
  const chain = (start: number, read: (n: number) => Buffer, nextOf: (n: number) => number, limit: number) => {
    const parts: Buffer[] = [];
    const seen = new Set<number>();
    for (let n = start; n !== END_OF_CHAIN; n = nextOf(n)) {
      if (n === FREE || seen.has(n) || seen.size > limit) throw bad();
      seen.add(n);
      parts.push(read(n));
    }
    return Buffer.concat(parts);
  };
  const bigChain = (start: number) => chain(start, sector, next, sectorCount);

  const dir = bigChain(buf.readUInt32LE(0x30));
  const entries: { name: string; type: number; start: number; size: number }[] = [];
  for (let off = 0; off + 128 <= dir.length; off += 128) {
    const nameLen = Math.min(dir.readUInt16LE(off + 0x40), 64);
    const name = dir.subarray(off, off + Math.max(0, nameLen - 2)).toString('utf16le');
    entries.push({ name, type: dir[off + 0x42]!, start: dir.readUInt32LE(off + 0x74), size: dir.readUInt32LE(off + 0x78) });
  }
  const root = entries[0];
  if (!root || root.type !== 5) throw bad();
  const wanted = entries.find((e) => e.type === 2 && names.some((n) => n.toLowerCase() === e.name.toLowerCase()));
  if (!wanted) return undefined;
  if (wanted.size > buf.length * 2) throw bad();

  const cutoff = buf.readUInt32LE(0x38);
  if (wanted.size >= cutoff) return bigChain(wanted.start).subarray(0, wanted.size);
  // Small streams live in the mini stream (64-byte sectors, chained by the mini FAT).
  const miniStream = bigChain(root.start);
  const miniFatStart = buf.readUInt32LE(0x3c);
  const miniFat = miniFatStart === END_OF_CHAIN ? Buffer.alloc(0) : bigChain(miniFatStart);
  const miniCount = Math.floor(miniStream.length / 64);
  const miniSector = (n: number) => {
    if (n >= miniCount) throw bad();
    return miniStream.subarray(n * 64, n * 64 + 64);
  };
  const miniNext = (n: number) => {
    if ((n + 1) * 4 > miniFat.length) throw bad();
    return miniFat.readUInt32LE(n * 4);
  };
  return chain(wanted.start, miniSector, miniNext, miniCount).subarray(0, wanted.size);
}

/** Record types used here (BIFF8). */
const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  XF: 0x00e0,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;

interface Rec {
  type: number;
  data: Buffer;
  pos: number;
}

function* records(stream: Buffer, from = 0): Generator<Rec> {
  let p = from;
  while (p + 4 <= stream.length) {
    const type = stream.readUInt16LE(p);
    const len = stream.readUInt16LE(p + 2);
    if (p + 4 + len > stream.length) throw bad();
    yield { type, data: stream.subarray(p + 4, p + 4 + len), pos: p };
    p += 4 + len;
  }
}

/** Reads across an SST record and its CONTINUE records (strings may be split between them). */
class SegmentReader {
  private seg = 0;
  private off = 0;
  constructor(private readonly segs: Buffer[]) {}

  private ensure(): Buffer {
    while (this.seg < this.segs.length && this.off >= this.segs[this.seg]!.length) {
      this.seg++;
      this.off = 0;
    }
    const s = this.segs[this.seg];
    if (!s) throw bad();
    return s;
  }

  bytes(n: number): Buffer {
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const s = this.ensure();
      const take = Math.min(left, s.length - this.off);
      parts.push(s.subarray(this.off, this.off + take));
      this.off += take;
      left -= take;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  u8 = () => this.bytes(1)[0]!;
  u16 = () => this.bytes(2).readUInt16LE(0);
  u32 = () => this.bytes(4).readUInt32LE(0);

  /** `cch` characters; where they cross into the next record, it starts with an option byte giving the new width. */
  chars(cch: number, high: boolean): string {
    let out = '';
    let left = cch;
    let wide = high;
    while (left > 0) {
      let seg = this.segs[this.seg];
      if (!seg) throw bad();
      if (this.off >= seg.length) {
        this.seg++;
        seg = this.segs[this.seg];
        if (!seg || seg.length === 0) throw bad();
        wide = (seg[0]! & 1) === 1;
        this.off = 1;
        continue;
      }
      const size = wide ? 2 : 1;
      const take = Math.min(left, Math.floor((seg.length - this.off) / size));
      if (take === 0) throw bad(); // half a character at the end of a record
      const bytes = seg.subarray(this.off, this.off + take * size);
      out += wide ? bytes.toString('utf16le') : bytes.toString('latin1');
      this.off += take * size;
      left -= take;
    }
    return out;
  }

  /** One XLUnicodeRichExtendedString. */
  string(): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(cch, (flags & 1) === 1);
    if (runs) this.bytes(runs * 4);
    if (ext) this.bytes(ext);
    return text;
  }
}

/** XLUnicodeString inside one record (LABEL, STRING, FORMAT). */
function unicodeString(data: Buffer, off: number, lenBytes: 1 | 2): string {
  if (off + lenBytes + 1 > data.length) throw bad();
  const cch = lenBytes === 2 ? data.readUInt16LE(off) : data[off]!;
  const flags = data[off + lenBytes]!;
  let p = off + lenBytes + 1;
  if (flags & 0x08) p += 2;
  if (flags & 0x04) p += 4;
  const wide = (flags & 1) === 1;
  const end = p + cch * (wide ? 2 : 1);
  if (end > data.length) throw bad();
  return wide ? data.subarray(p, end).toString('utf16le') : data.subarray(p, end).toString('latin1');
}

function rkValue(rk: number): number {
  let v: number;
  if (rk & 2) {
    v = rk >> 2; // signed 30-bit integer
  } else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    v = b.readDoubleLE(0);
  }
  return rk & 1 ? v / 100 : v;
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

function isDateFormat(code: string): boolean {
  const stripped = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/_./g, '');
  return /[ymdhs]/i.test(stripped) && !/^general$/i.test(stripped.trim());
}

function serialToDate(serial: number, date1904: boolean): Date {
  const day = 86_400_000;
  const base = date1904 ? Date.UTC(1904, 0, 1) : serial < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return new Date(Math.round((base + serial * day) / 1000) * 1000);
}

/** The cells of the first worksheet of an .xls workbook. */
export function readXls(buf: Buffer): XlsCell[] {
  let stream: Buffer | undefined;
  try {
    stream = cfbStream(buf, ['Workbook', 'Book']);
  } catch (e) {
    if (e instanceof BizError) throw e;
    throw bad();
  }
  if (!stream) throw bad();
  try {
    return parseWorkbook(stream);
  } catch (e) {
    if (e instanceof BizError) throw e;
    throw bad();
  }
}

/** The cells of the first worksheet of a BIFF8 workbook stream. */
export function parseWorkbook(stream: Buffer): XlsCell[] {
  const it = records(stream);
  const first = it.next();
  if (first.done || first.value.type !== R.BOF || first.value.data.length < 4) throw bad();
  if (first.value.data.readUInt16LE(0) !== 0x0600) throw new BizError('xlsxOnly'); // BIFF5 or older

  let date1904 = false;
  const formats = new Map<number, string>();
  const xfFormat: number[] = [];
  const sheets: { pos: number; type: number }[] = [];
  const sstSegs: Buffer[] = [];
  let sstUnique = 0;
  let inSst = false;
  for (const rec of it) {
    if (rec.type === R.EOF) break;
    if (rec.type !== R.CONTINUE) inSst = false;
    switch (rec.type) {
      case R.FILEPASS:
        throw bad(); // encrypted
      case R.DATEMODE:
        date1904 = rec.data.readUInt16LE(0) === 1;
        break;
      case R.FORMAT:
        formats.set(rec.data.readUInt16LE(0), unicodeString(rec.data, 2, 2));
        break;
      case R.XF:
        xfFormat.push(rec.data.readUInt16LE(2));
        break;
      case R.BOUNDSHEET:
        sheets.push({ pos: rec.data.readUInt32LE(0), type: rec.data[5]! });
        break;
      case R.SST:
        sstUnique = rec.data.readUInt32LE(4);
        sstSegs.push(rec.data.subarray(8));
        inSst = true;
        break;
      case R.CONTINUE:
        if (inSst) sstSegs.push(rec.data);
        break;
    }
  }

  const sst: string[] = [];
  if (sstSegs.length) {
    const reader = new SegmentReader(sstSegs);
    try {
      while (sst.length < sstUnique) sst.push(reader.string());
    } catch {
      // a truncated table: keep what was read (cells pointing past it stay empty)
    }
  }

  const dateXf = (ixfe: number) => {
    const f = xfFormat[ixfe];
    if (f === undefined) return false;
    if (BUILTIN_DATE_FORMATS.has(f)) return true;
    const code = formats.get(f);
    return code !== undefined && isDateFormat(code);
  };
  const number = (v: number, ixfe: number): number | Date => (dateXf(ixfe) ? serialToDate(v, date1904) : v);

  const sheet = sheets.find((s) => s.type === 0);
  if (!sheet || sheet.pos >= stream.length) return [];
  const cells: XlsCell[] = [];
  const put = (row: number, col: number, value: XlsCell['value']) => cells.push({ row: row + 1, col: col + 1, value });
  let pendingFormula: { row: number; col: number } | undefined;
  let depth = 0;
  for (const rec of records(stream, sheet.pos)) {
    const d = rec.data;
    if (rec.type === R.BOF) {
      depth++;
      continue;
    }
    if (rec.type === R.EOF) {
      if (--depth <= 0) break;
      continue;
    }
    if (depth !== 1) continue; // embedded charts and the like
    switch (rec.type) {
      case R.LABELSST: {
        const s = sst[d.readUInt32LE(6)];
        if (s !== undefined) put(d.readUInt16LE(0), d.readUInt16LE(2), s);
        break;
      }
      case R.LABEL:
      case R.RSTRING:
        put(d.readUInt16LE(0), d.readUInt16LE(2), unicodeString(d, 6, 2));
        break;
      case R.NUMBER:
        put(d.readUInt16LE(0), d.readUInt16LE(2), number(d.readDoubleLE(6), d.readUInt16LE(4)));
        break;
      case R.RK:
        put(d.readUInt16LE(0), d.readUInt16LE(2), number(rkValue(d.readInt32LE(6)), d.readUInt16LE(4)));
        break;
      case R.MULRK: {
        const row = d.readUInt16LE(0);
        const col0 = d.readUInt16LE(2);
        const n = Math.floor((d.length - 6) / 6);
        for (let i = 0; i < n; i++) put(row, col0 + i, number(rkValue(d.readInt32LE(4 + i * 6 + 2)), d.readUInt16LE(4 + i * 6)));
        break;
      }
      case R.BOOLERR:
        if (d[7] === 0) put(d.readUInt16LE(0), d.readUInt16LE(2), d[6] === 1);
        break;
      case R.FORMULA: {
        const row = d.readUInt16LE(0);
        const col = d.readUInt16LE(2);
        if (d.readUInt16LE(12) === 0xffff) {
          const kind = d[6];
          if (kind === 0) pendingFormula = { row, col };
          else if (kind === 1) put(row, col, d[8] === 1);
        } else {
          put(row, col, number(d.readDoubleLE(6), d.readUInt16LE(4)));
        }
        break;
      }
      case R.STRING:
        if (pendingFormula) put(pendingFormula.row, pendingFormula.col, unicodeString(d, 0, 2));
        pendingFormula = undefined;
        break;
    }
  }
  return cells;
}
