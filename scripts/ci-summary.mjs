// Sums the JSON reports of every suite CI ran into one closing line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const f of files) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if ('numPassedTests' in r) {
    // vitest json reporter
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`${f}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.stats) {
    // playwright json reporter
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped;
    console.log(`${f}: ${r.stats.expected} passed, ${r.stats.unexpected} failed`);
  }
}
const times = path.join(dir ?? '', 'times.tsv');
if (dir && fs.existsSync(times)) {
  console.log('\nTime per step:');
  let total = 0;
  for (const line of fs.readFileSync(times, 'utf8').trim().split('\n')) {
    const [name, secs, rc] = line.split('\t');
    total += Number(secs);
    console.log(`  ${name.padEnd(42)} ${String(secs).padStart(5)} s${rc === '0' ? '' : `  (exit ${rc})`}`);
  }
  console.log(`  ${'total'.padEnd(42)} ${String(total).padStart(5)} s\n`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
