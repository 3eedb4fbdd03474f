// Runs every benchmark (bench/*.bench.mjs, found on disk), one after the other, each in its own Node process with
// its output shown as it comes; then a summary table. Exits non-zero when any bench failed.
//
//   npm run bench                      every bench, full size (tens of minutes; see BENCHMARKS.md)
//   npm run bench -- --quick           every bench in quick mode (BENCH_QUICK=1: small data, short runs, ~1 min each)
//   npm run bench -- startup ingest    only the benches whose name contains one of the words
//   npm run bench -- --list            the benches found, nothing run
//   --timeout=SECONDS                  stop a bench that runs longer (default: 600 in quick mode, none otherwise;
//                                      or BENCH_TIMEOUT)
//   --no-build                         run on the server build as it is (BENCH_SKIP_BUILD=1)
//
// The server (apps/server/dist) and the database template are built once before the first bench when older than
// their sources, and every bench runs on that build. Each bench's own settings (BENCH_SECONDS, BENCH_PG_URL, …) pass
// through the environment; they are listed at the top of each bench file.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const known = new Set(['quick', 'list', 'no-build', 'help']);
for (const a of args) {
  if (a.startsWith('--') && !known.has(a.slice(2)) && !a.startsWith('--timeout=')) {
    console.error(`run-all: unknown option ${a} (--quick, --list, --no-build, --timeout=SECONDS, or bench names)`);
    process.exit(2);
  }
}
if (flag('help')) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}
const quick = flag('quick') || ['1', 'true', 'yes'].includes(String(process.env.BENCH_QUICK ?? '').toLowerCase());
const filters = args.filter((a) => !a.startsWith('--'));

const all = fs.readdirSync(here).filter((f) => f.endsWith('.bench.mjs')).sort();
const name = (f) => f.slice(0, -'.bench.mjs'.length);
const chosen = filters.length ? all.filter((f) => filters.some((w) => name(f).includes(w))) : all;
if (flag('list')) {
  for (const f of all) console.log(`${chosen.includes(f) ? '*' : ' '} ${name(f)}  (bench/${f})`);
  process.exit(0);
}
if (!chosen.length) {
  console.error(`run-all: no bench matches ${filters.join(', ')}; there are: ${all.map(name).join(', ')}`);
  process.exit(2);
}
const timeoutS = Number(option('timeout') ?? process.env.BENCH_TIMEOUT ?? (quick ? 600 : 0));

const env = { ...process.env, ...(quick ? { BENCH_QUICK: '1' } : {}) };
if (flag('no-build')) env.BENCH_SKIP_BUILD = '1';
else {
  // One build for every bench (lib.mjs: server and database template, when stale), then none in the benches. In a
  // process of its own: lib.mjs's exit and signal handlers are for a bench, not for this runner.
  const lib = pathToFileURL(path.join(here, 'lib.mjs')).href;
  const build = spawnSync(process.execPath, ['--input-type=module', '-e', `(await import(${JSON.stringify(lib)})).ensureBuilt();`], { stdio: 'inherit', env });
  if (build.status !== 0) {
    console.error(`run-all: the build failed (exit ${build.status ?? build.signal})`);
    process.exit(1);
  }
  env.BENCH_SKIP_BUILD = '1';
}

let current;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    // Each bench runs in its own process group (its servers with it): stop the whole group.
    if (current) killGroup(current, signal);
    else process.exit(130);
  });
}
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* gone */
  }
}

/** Runs one bench; resolves with its exit code (or the signal that ended it) and its wall time. */
function run(file) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [path.join(here, file), ...(quick ? ['--quick'] : [])], { stdio: 'inherit', env, detached: true });
    current = child;
    let timedOut = false;
    let killTimer;
    const timer = timeoutS > 0 ? setTimeout(() => {
      timedOut = true;
      console.error(`\nrun-all: ${name(file)} still running after ${timeoutS} s: stopping it`);
      killGroup(child, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
    }, timeoutS * 1000) : undefined;
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      // What the bench started and left behind (a server of a crashed bench) goes with its group.
      killGroup(child, 'SIGKILL');
      current = undefined;
      resolve({ code: code ?? (signal ? `${signal}` : 1), timedOut, seconds: Number(process.hrtime.bigint() - t0) / 1e9 });
    });
  });
}

const results = [];
const started = Date.now();
for (const file of chosen) {
  if (interrupted) break;
  console.log(`\n━━ bench/${file}${quick ? ' (quick)' : ''} ━━ ${new Date().toISOString()}`);
  const r = await run(file);
  results.push({ bench: name(file), ...r });
}

const rows = results.map((r) => [r.bench, r.seconds.toFixed(1), `${r.code}${r.timedOut ? ' (timed out)' : ''}`]);
const head = ['bench', 'seconds', 'exit code'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`\nSummary${quick ? ' (quick mode)' : ''}: ${results.length} of ${chosen.length} benches run in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(line(head));
console.log(`|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`);
for (const r of rows) console.log(line(r));
const failed = results.filter((r) => r.code !== 0);
if (failed.length) console.log(`\nFailed: ${failed.map((r) => r.bench).join(', ')}`);
process.exit(failed.length || interrupted || results.length < chosen.length ? 1 : 0);
