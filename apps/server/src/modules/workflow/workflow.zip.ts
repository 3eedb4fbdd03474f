/**
 * Reading a deployment archive without trusting it: the central directory is read by hand (no ZIP64, no encryption),
 * the entry count and every name are checked before anything is unpacked (a name leaving the archive — `..`, an
 * absolute path, a drive letter, a backslash, a control character — refuses the whole archive), and each entry is
 * inflated with `maxOutputLength` set to what is left of the total budget, so a zip bomb stops at the cap instead
 * of filling memory. Only the process files are returned; other entries (diagram images) are skipped.
 */
import { inflateRawSync } from 'node:zlib';

export const ZIP_LIMITS = { maxEntries: 50, maxUnpacked: 10 * 1024 * 1024 } as const;

export type ZipRefusal =
  | { reason: 'invalid' }
  | { reason: 'tooManyEntries' }
  | { reason: 'tooLarge' }
  | { reason: 'badName'; name: string };

export class ZipError extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal.reason);
  }
}

export const isProcessFile = (name: string) => /\.(bpmn|bpmn20\.xml)$/i.test(name);

/** A name inside the archive that stays inside it. */
function safeName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!name || /[\u0000-\u001f\u007f\\]/.test(name) || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  return !name.split('/').some((seg) => seg === '..');
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

function centralDirectory(buf: Buffer): Entry[] {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError({ reason: 'invalid' });
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError({ reason: 'invalid' }); // ZIP64: not taken
  if (count > ZIP_LIMITS.maxEntries) throw new ZipError({ reason: 'tooManyEntries' });
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError({ reason: 'invalid' });
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLen > buf.length) throw new ZipError({ reason: 'invalid' });
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    entries.push({ name, method, flags, compressedSize, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The process files of an archive, `{name, xml}`, or a ZipError saying why not. */
export function readProcessZip(buf: Buffer): { name: string; xml: string }[] {
  if (buf.length < 22) throw new ZipError({ reason: 'invalid' });
  const entries = centralDirectory(buf);
  for (const e of entries) if (!safeName(e.name)) throw new ZipError({ reason: 'badName', name: e.name.slice(0, 100) });
  let budget: number = ZIP_LIMITS.maxUnpacked;
  const out: { name: string; xml: string }[] = [];
  for (const e of entries) {
    if (e.name.endsWith('/') || !isProcessFile(e.name)) continue;
    if (e.flags & 0x1) throw new ZipError({ reason: 'invalid' }); // encrypted
    const p = e.localOffset;
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) throw new ZipError({ reason: 'invalid' });
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const end = start + e.compressedSize;
    if (end > buf.length) throw new ZipError({ reason: 'invalid' });
    const raw = buf.subarray(start, end);
    let data: Buffer;
    if (e.method === 0) {
      if (raw.length > budget) throw new ZipError({ reason: 'tooLarge' });
      data = raw;
    } else if (e.method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw new ZipError({ reason: 'tooLarge' });
        throw new ZipError({ reason: 'invalid' });
      }
    } else {
      throw new ZipError({ reason: 'invalid' });
    }
    budget -= data.length;
    if (budget < 0) throw new ZipError({ reason: 'tooLarge' });
    out.push({ name: e.name.split('/').pop()!, xml: data.toString('utf8') });
  }
  return out;
}
