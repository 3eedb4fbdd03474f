/**
 * Process metrics in the Prometheus text format (issue 21: request rates and latencies, ingest rates and rejections,
 * queue depths, job lag). Counters and histograms are kept in memory per process (Prometheus scrapes each process and
 * sums); gauges are read when scraped from collectors the kernel and modules register (`ctx.metrics.collect`). Label
 * values are bounded by whoever records them (route templates, reject reasons, job names — never ids or paths).
 */

export type Labels = Record<string, string>;
export interface Sample {
  labels?: Labels;
  value: number;
}
/** A gauge (or counter) family read at scrape time. */
export interface Family {
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  samples: Sample[];
}
type Collector = () => Family[] | Promise<Family[]>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels | undefined) => {
  const keys = Object.keys(labels ?? {});
  return keys.length ? `{${keys.map((k) => `${k}="${escape(labels![k]!)}"`).join(',')}}` : '';
};
const keyOf = (labels: Labels) => JSON.stringify(Object.keys(labels).sort().map((k) => [k, labels[k]]));
const num = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN');

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    const k = keyOf(labels);
    const e = this.values.get(k);
    if (e) e.value += by;
    else this.values.set(k, { labels, value: by });
  }
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }
  render(): string[] {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`, ...[...this.values.values()].map((e) => `${this.name}${labelText(e.labels)} ${num(e.value)}`)];
  }
}

/** Seconds; buckets from 5 ms to 10 s (request and job latencies). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(readonly name: string, readonly help: string, private readonly buckets: readonly number[] = LATENCY_BUCKETS) {}
  observe(labels: Labels, value: number): void {
    const k = keyOf(labels);
    let s = this.series.get(k);
    if (!s) this.series.set(k, (s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]! += 1;
    s.sum += value;
    s.count += 1;
  }
  render(): string[] {
    const out = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => out.push(`${this.name}_bucket${labelText({ ...s.labels, le: String(b) })} ${s.counts[i]}`));
      out.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      out.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`, `${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return out;
  }
}

export class Metrics {
  private readonly counters = new Map<string, Counter>();
  private readonly histograms = new Map<string, Histogram>();
  private readonly collectors: Collector[] = [];

  private checkName(name: string) {
    if (!NAME.test(name)) throw new Error(`metric name ${name} is not valid`);
    if (this.counters.has(name) || this.histograms.has(name)) throw new Error(`metric ${name} is registered twice`);
  }
  counter(name: string, help: string): Counter {
    this.checkName(name);
    const c = new Counter(name, help);
    this.counters.set(name, c);
    return c;
  }
  histogram(name: string, help: string, buckets?: readonly number[]): Histogram {
    this.checkName(name);
    const h = new Histogram(name, help, buckets);
    this.histograms.set(name, h);
    return h;
  }
  /** Gauges read at scrape time; a collector that throws is reported as `helio_metrics_collector_errors` instead. */
  collect(fn: Collector): void {
    this.collectors.push(fn);
  }

  async render(): Promise<string> {
    const lines: string[] = [];
    for (const c of this.counters.values()) lines.push(...c.render());
    for (const h of this.histograms.values()) lines.push(...h.render());
    let failed = 0;
    for (const collect of this.collectors) {
      let families: Family[];
      try {
        families = await collect();
      } catch {
        failed += 1;
        continue;
      }
      for (const f of families) {
        lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`);
        for (const s of f.samples) lines.push(`${f.name}${labelText(s.labels)} ${num(s.value)}`);
      }
    }
    lines.push('# HELP helio_metrics_collector_errors Collectors that failed during this scrape', '# TYPE helio_metrics_collector_errors gauge', `helio_metrics_collector_errors ${failed}`);
    return `${lines.join('\n')}\n`;
  }
}
