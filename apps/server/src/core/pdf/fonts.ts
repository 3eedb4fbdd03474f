/**
 * The CJK font the PDFs embed: Noto Sans SC (SIL Open Font License 1.1) from the npm package
 * `@expo-google-fonts/noto-sans-sc` — static TrueType files with Latin, digits and CJK glyphs, so one family covers
 * both languages. pdfkit embeds only the glyphs a document uses (a subset) with a ToUnicode map, so text stays
 * searchable and copyable. The files are read once per process.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const PKG = '@expo-google-fonts/noto-sans-sc';
const FILES = {
  regular: `${PKG}/400Regular/NotoSansSC_400Regular.ttf`,
  bold: `${PKG}/700Bold/NotoSansSC_700Bold.ttf`,
} as const;

export type FontWeight = keyof typeof FILES;

const cache = new Map<FontWeight, Buffer>();

export function cjkFont(weight: FontWeight): Buffer {
  let buf = cache.get(weight);
  if (!buf) {
    buf = fs.readFileSync(require.resolve(FILES[weight]));
    cache.set(weight, buf);
  }
  return buf;
}
