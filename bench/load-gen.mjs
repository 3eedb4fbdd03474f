// The load generator of bench/load.bench.mjs (issue 21): signed-in users, the console's call mix, open-loop schedules
// (every latency counted from the time the request was due, not from when it was sent: no coordinated omission).
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile, signIn } from './lib.mjs';

const C = '/api/skyworth-client';
const today = () => new Date().toISOString().slice(0, 10);

/** CPU seconds of every PostgreSQL process of this machine (own + reaped children), as bench/ingest.bench.mjs reads them. */
export function pgCpuSeconds() {
  let total = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const f = stat.split(') ')[1].split(' ');
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    } catch {
      /* gone */
    }
  }
  return total;
}

/** One request; answers { status, body }. */
export function request(agent, base, { method = 'GET', path, body, headers = {} }, timeoutMs = 30_000) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(`${base}${path}`, {
      method, agent, timeout: timeoutMs,
      headers: { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', (e) => resolve({ status: 0, body: Buffer.from(String(e)) }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, body: Buffer.from(String(e.message)) }));
    req.end(data);
  });
}

const json = async (base, path, headers, init = {}) => {
  const r = await request(undefined, base, { path, headers, ...init });
  const j = JSON.parse(r.body.toString() || '{}');
  if (r.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${r.body.toString().slice(0, 300)}`);
  return j;
};

/**
 * `n` users `load0001…` with the administrator role (created through user/submit, signed in one by one): answers
 * their `Blade-Auth` headers, one session each.
 */
export async function createUsers(base, n, prefix = 'load') {
  const admin = await signIn(base);
  const roles = (await json(base, '/api/blade-system/role/select', admin)).data;
  const role = roles.find((r) => r.roleAlias === 'administrator') ?? roles[0];
  const password = 'LoadBench2026';
  const sessions = [];
  const one = async (i) => {
    const account = `${prefix}${String(i + 1).padStart(4, '0')}`;
    await json(base, '/api/blade-system/user/submit', admin, {
      method: 'POST',
      body: { account, name: account, realName: `Load ${i + 1}`, phoneDiallingCode: '+86', phone: `137${String(i + 1).padStart(8, '0')}`, roleId: role.id, userType: 1, password },
    });
    sessions[i] = await signIn(base, { account, password });
  };
  for (let i = 0; i < n; i += 4) await Promise.all(Array.from({ length: Math.min(4, n - i) }, (_, k) => one(i + k)));
  return { admin, sessions };
}

/** Ids the mix needs (stations, inverters, alarms), read as the administrator. */
export async function fleetContext(base, admin) {
  const recs = async (path) => (await json(base, path, admin)).data?.records ?? [];
  const plants = (await recs(`${C}/plant/page?current=1&size=50`)).map((p) => p.id);
  const inverters = (await recs(`${C}/inverter/page?current=1&size=50`)).map((d) => ({ id: d.id, sn: d.deviceSn }));
  const alarms = (await recs(`${C}/alarmLog/list?current=1&size=50`)).map((a) => a.id);
  if (!plants.length || !inverters.length) throw new Error(`no fleet to load: ${plants.length} stations, ${inverters.length} inverters`);
  return { plants, inverters, alarms };
}

/**
 * The weighted mix of console calls (weights out of ~100; 5 % writes). Each entry: [name, weight, (rnd) => request].
 * `ctx` from fleetContext; alarm handling only when the fleet has alarms (else the weight goes to the inbox read).
 */
export function consoleMix(ctx) {
  const pick = (xs, r) => xs[Math.floor(r() * xs.length)];
  const mix = [
    ['home/inverterAndLoadSummary', 10, () => ({ path: `${C}/home/inverterAndLoadSummary` })],
    ['home/plantStatusSummary', 10, () => ({ path: `${C}/home/plantStatusSummary` })],
    ['home/inverterPerformance day', 8, () => ({ path: `${C}/home/inverterPerformance?dateType=day` })],
    ['home/batteryPerformance day', 6, () => ({ path: `${C}/home/batteryPerformance?dateType=day` })],
    ['plant/page', 12, (r) => ({ path: `${C}/plant/page?current=${1 + Math.floor(r() * 3)}&size=10` })],
    ['plant/detail', 10, (r) => ({ path: `${C}/plant/detail?id=${pick(ctx.plants, r)}` })],
    ['inverter/detail', 8, (r) => ({ path: `${C}/inverter/detail?id=${pick(ctx.inverters, r).id}` })],
    ['inverter/statusStat (chart)', 6, (r) => ({ path: `${C}/inverter/statusStat?id=${pick(ctx.inverters, r).id}&date=${today()}&fields=pvPower,loadPower,gridPower,batteryPower,batterySoc` })],
    ['alarmLog/list', 10, () => ({ path: `${C}/alarmLog/list?current=1&size=10` })],
    ['user/list', 6, () => ({ path: '/api/blade-system/user/list?current=1&size=10' })],
    ['installer order/page', 6, () => ({ path: '/api/skyworth-agent/order/page?current=1&size=10' })],
    ['write: alarmInbox/read', ctx.alarms.length ? 3 : 5, () => ({ method: 'POST', path: `${C}/alarmInbox/read`, body: { all: true } })],
  ];
  if (ctx.alarms.length) {
    mix.push(['write: alarmLogOperationRecord/save', 2, (r) => ({ method: 'POST', path: `${C}/alarmLogOperationRecord/save`, body: { alarmId: pick(ctx.alarms, r), handleStatus: 1, content: 'load bench follow-up' } })]);
  }
  return mix;
}

/** A small seeded PRNG (mulberry32): the same mix sequence every run. */
export function rng(seed = 21) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const chooser = (mix) => {
  const total = mix.reduce((s, m) => s + m[1], 0);
  return (r) => {
    let x = r() * total;
    for (const m of mix) if ((x -= m[1]) < 0) return m;
    return mix.at(-1);
  };
};

/**
 * Runs an open-loop schedule: `due` is a sorted list of [ms from start, session index]; each request is sent at
 * its time whatever the earlier ones do. Answers the samples { name, ms (from due time), ok, status, err }.
 */
export async function openLoop(base, sessions, mix, due, { seed = 21, timeoutMs = 30_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const r = rng(seed);
  const choose = chooser(mix);
  const samples = [];
  const pending = [];
  const t0 = performance.now() + 50;
  let i = 0;
  while (i < due.length) {
    const now = performance.now() - t0;
    if (due[i][0] > now) {
      await new Promise((res) => setTimeout(res, Math.max(0, Math.min(due[i][0] - now, 50))));
      continue;
    }
    for (; i < due.length && due[i][0] <= now; i++) {
      const [at, s] = due[i];
      const [name, , make] = choose(r);
      const req = make(r);
      pending.push(request(agent, base, { ...req, headers: sessions[s % sessions.length] }, timeoutMs).then((res) => {
        const ok = res.status >= 200 && res.status < 300;
        samples.push({ name, ms: performance.now() - t0 - at, ok, status: res.status, err: ok ? undefined : res.body.toString().slice(0, 200) });
      }));
    }
  }
  await Promise.all(pending);
  agent.destroy();
  return samples;
}

/** `users` users each acting every `everyMs` (phases spread evenly) for `seconds`. */
export function userSchedule(users, seconds, everyMs = 2000) {
  const due = [];
  for (let u = 0; u < users; u++) for (let t = (u * everyMs) / users; t < seconds * 1000; t += everyMs) due.push([t, u]);
  return due.sort((a, b) => a[0] - b[0]);
}

/** `rate` requests per second for `seconds`, evenly spaced, round-robin over `users` sessions. */
export function rateSchedule(rate, seconds, users) {
  const n = Math.round(rate * seconds);
  return Array.from({ length: n }, (_, k) => [(k * 1000) / rate, k % users]);
}

/** p50/p95/p99/max (ms), errors, count of samples. */
export function stats(samples) {
  const ms = samples.map((s) => s.ms);
  const bad = samples.filter((s) => !s.ok);
  return {
    n: samples.length, p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99),
    max: Number(Math.max(0, ...ms).toFixed(1)), errors: bad.length, firstError: bad[0] ? `${bad[0].name}: ${bad[0].status} ${bad[0].err}` : '',
  };
}

/** Per call of the mix: n, p50, p95, errors. */
export function perCall(samples) {
  const by = new Map();
  for (const s of samples) (by.get(s.name) ?? by.set(s.name, []).get(s.name)).push(s);
  return [...by].sort((a, b) => b[1].length - a[1].length).map(([name, xs]) => {
    const st = stats(xs);
    return { call: name, n: st.n, p50: st.p50, p95: st.p95, p99: st.p99, errors: st.errors };
  });
}

/**
 * Open-loop ramp: `start` req/s, +`step` every `stepSeconds`, until a step's p95 passes `limitMs` or it has errors
 * (or `maxSteps`). Between steps the generator waits for the step's last answers (at most the request timeout).
 * Answers the steps and the saturation rate (the first step that failed; undefined when none did).
 */
export async function ramp(base, sessions, mix, { start, step, stepSeconds, maxSteps, limitMs = 1000, onStep }) {
  const steps = [];
  for (let k = 0, rate = start; k < maxSteps; k++, rate += step) {
    const samples = await openLoop(base, sessions, mix, rateSchedule(rate, stepSeconds, sessions.length), { seed: 100 + k, timeoutMs: 15_000 });
    const st = stats(samples);
    const row = { rate, achieved: Math.round(samples.filter((s) => s.ok).length / stepSeconds), p50: st.p50, p95: st.p95, p99: st.p99, errors: st.errors, firstError: st.firstError };
    steps.push(row);
    onStep?.(row);
    if (st.p95 > limitMs || st.errors > 0) return { steps, saturation: rate, held: steps.at(-2)?.rate };
  }
  return { steps, saturation: undefined, held: steps.at(-1)?.rate };
}
