// Issue 18 benchmark: the quote PDF (apps/server/src/core/pdf, renderQuotePdf) — render time and size of a 100-line
// BOM with long Chinese names (the sample of apps/server/test/pdf-fixtures.ts, which the PDF tests check for overflow),
// in both languages, beside a 5-line quote. The renderer and the sample are bundled with esbuild the way the server is
// built (npm packages external: pdfkit and the Noto Sans SC font package load as they do in the server) into a temp
// folder under apps/server, removed on exit; each render runs in this process, one after the other.
// Run: node bench/quote-pdf.bench.mjs   BENCH_LINES=100 BENCH_RENDERS=30 BENCH_WARMUP=3; quick mode: 8 renders, 1 warm-up.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { loadavg, machine, percentile, quick, removeOnExit, root, setting } from './lib.mjs';

const LINES = setting('BENCH_LINES', 100);
const RENDERS = setting('BENCH_RENDERS', 30, 8);
const WARMUP = setting('BENCH_WARMUP', 3, 1);
const loadAtStart = loadavg();

const server = path.join(root, 'apps/server');
const pkg = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
const dir = removeOnExit(fs.mkdtempSync(path.join(server, '.bench-pdf-')));
const out = path.join(dir, 'pdf.mjs');
await build({
  stdin: {
    contents: "export { renderQuotePdf } from './src/core/pdf/index.ts'; export { sampleQuote } from './test/pdf-fixtures.ts';",
    resolveDir: server,
    loader: 'ts',
  },
  outfile: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
const { renderQuotePdf, sampleQuote } = await import(pathToFileURL(out).href);

const pages = (buf) => (buf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
const rows = [];
let first;
for (const [lines, language] of [[LINES, 'zh-CN'], [LINES, 'en-US'], [5, 'zh-CN'], [5, 'en-US']]) {
  const quote = sampleQuote(lines);
  const ms = [];
  let buf;
  for (let i = 0; i < WARMUP + RENDERS; i++) {
    const t = performance.now();
    buf = await renderQuotePdf(quote, { language });
    const took = performance.now() - t;
    first ??= { language, lines, ms: Number(took.toFixed(1)) };
    if (i >= WARMUP) ms.push(took);
  }
  rows.push({ quote: `${lines} lines`, language, renders: RENDERS, 'p50 ms': percentile(ms, 50), 'p95 ms': percentile(ms, 95), 'max ms': percentile(ms, 100), pages: pages(buf), 'size KiB': Number((buf.length / 1024).toFixed(1)) });
}
console.log(JSON.stringify({ bench: 'quote-pdf', quick, lines: LINES, renders: RENDERS, warmup: WARMUP, firstRenderMs: first.ms, firstRender: `${first.lines} lines ${first.language} (font files read and parsed)`, machine: machine(), loadavgAtStart: loadAtStart, loadavgAtEnd: loadavg() }));
console.log('\nrenderQuotePdf, sequential renders in one process (ms):');
console.table(rows);
