// Sums the JSON reports of every suite CI ran into one closing line: "N passed, N failed". Before it: each suite's
// result and own time, and each step's own time (steps may run side by side: their start and end on the CI clock
// show which did), then the wall time of the whole run.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const secs = (ms) => `${Math.round(ms / 1000)} s`;
const failures = [];
// The first lines of an error (what failed, and on what: its locator, expected value and what was received).
const firstLine = (m) =>
  String(m ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colour codes in the reporters' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 10)
    .join(' | ')
    .slice(0, 1200);
// Playwright's JSON: suites nest suites and specs; a spec's tests hold one result per attempt.
const walkSuites = (suites, trail) => {
  for (const s of suites ?? []) {
    const here = s.title && !s.title.endsWith('.ts') ? [...trail, s.title] : trail;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.[t.results.length - 1];
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const err = last?.error?.message ?? t.results?.find((r) => r.error)?.error?.message;
          failures.push(`${t.status === 'flaky' ? 'flaky ' : ''}${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}\n      ${firstLine(err)}`);
        }
      }
    }
    walkSuites(s.suites, here);
  }
};
const files = dir && fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
if (files.length) console.log('Suites:');
for (const f of files) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if ('numPassedTests' in r) {
    // vitest json reporter: the suite's own time runs from its start to the end of its last file
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    const end = Math.max(r.startTime, ...(r.testResults ?? []).map((t) => t.endTime ?? 0));
    for (const file of r.testResults ?? []) {
      const rel = path.relative(process.cwd(), file.name ?? '');
      for (const a of file.assertionResults ?? []) {
        if (a.status === 'failed') failures.push(`${f}: ${rel} › ${a.fullName ?? a.title}\n      ${firstLine(a.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push(`${f}: ${rel} (the file failed before its tests)\n      ${firstLine(file.message)}`);
      }
    }
    console.log(`  ${f.padEnd(28)} ${String(r.numPassedTests).padStart(5)} passed, ${r.numFailedTests} failed  ${secs(end - r.startTime).padStart(7)}`);
  } else if (r.stats) {
    // playwright json reporter
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
    walkSuites(r.suites, []);
    const flaky = r.stats.flaky ? `, ${r.stats.flaky} flaky` : '';
    console.log(`  ${f.padEnd(28)} ${String(r.stats.expected).padStart(5)} passed, ${r.stats.unexpected} failed${flaky}  ${secs(r.stats.duration).padStart(7)}`);
  }
}
if (failures.length) {
  console.log('\nFailed:');
  for (const line of failures) console.log(`  ${line}`);
}
const times = path.join(dir ?? '', 'times.tsv');
if (dir && fs.existsSync(times)) {
  // name, seconds, exit code[, start and end on the CI clock]
  const steps = fs
    .readFileSync(times, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, s, rc, start, end, cpu, busy] = line.split('\t');
      return {
        name,
        secs: Number(s),
        rc,
        start: start === undefined ? undefined : Number(start),
        end: end === undefined ? undefined : Number(end),
        cpu: cpu === undefined || cpu === '' ? undefined : Number(cpu),
        busy: busy === undefined || busy === '' ? undefined : Number(busy),
      };
    });
  console.log(
    "\nTime per step (own time; steps with overlapping start–end ran side by side; CPU = its processes' CPU seconds, which" +
      " misses processes that outlive their parent, such as the browser's renderers; busy = the whole machine's CPU" +
      ' seconds during the step, from /proc/stat, and how many of the cores that kept busy):',
  );
  let sum = 0;
  for (const st of steps) {
    sum += st.secs;
    const span = st.start === undefined ? '' : `   ${String(st.start).padStart(5)} → ${String(st.end).padEnd(5)}`;
    const cpu = st.cpu === undefined ? '' : `   CPU ${String(st.cpu).padStart(5)} s`;
    const busy = st.busy === undefined ? '' : `   busy ${String(st.busy).padStart(5)} s (${(st.busy / Math.max(1, st.secs)).toFixed(1)} cores)`;
    console.log(`  ${st.name.padEnd(42)} ${String(st.secs).padStart(5)} s${span}${cpu}${busy}${st.rc === '0' ? '' : `  (exit ${st.rc})`}`);
  }
  const timed = steps.filter((st) => st.start !== undefined);
  if (timed.length === steps.length && timed.length) {
    const wall = Math.max(...timed.map((st) => st.end)) - Math.min(...timed.map((st) => st.start));
    console.log(`  ${'sum of step times'.padEnd(42)} ${String(sum).padStart(5)} s`);
    console.log(`  ${'wall time'.padEnd(42)} ${String(wall).padStart(5)} s\n`);
  } else {
    console.log(`  ${'total'.padEnd(42)} ${String(sum).padStart(5)} s\n`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
