/** Prints, after the run, the time each spec file took (its tests summed, slowest first) and the slowest tests. */
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class DurationsReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly tests: { title: string; ms: number }[] = [];

  printsToStdio(): boolean {
    return false; // the list reporter keeps stdout; this one only adds its table at the end
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.basename(test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    this.tests.push({ title: `${file} › ${test.title}`, ms: result.duration });
  }

  onEnd(_result: FullResult): void {
    if (this.tests.length === 0) return;
    const s = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
    const lines = ['', 'Time per spec file (tests summed):'];
    for (const [file, ms] of [...this.byFile].sort((a, b) => b[1] - a[1])) lines.push(`${s(ms)}  ${file}`);
    lines.push('Slowest tests:');
    for (const t of [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, 8)) lines.push(`${s(t.ms)}  ${t.title}`);
    console.log(lines.join('\n'));
  }
}
