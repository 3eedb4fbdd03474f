// Issue 15 benchmark: does an OTA campaign hold its pace? A campaign (apps/server/src/modules/ota/ota.campaign.ts:
// canary, then waves, each wave's devices notified at `pacePerMinute`) over BENCH_DEVICES simulated inverters at
// 1,000 devices/min; the achieved notify rate of each wave is compared with the configured pace. Goal: the rate
// holds at 1,000/min.
// A real server on PostgreSQL (its own database) and its embedded broker, all on 127.0.0.1. The devices
// (bench/command-devices.mjs) accept the notify, download the firmware from Helio's signed URL in two ranged
// requests, check its SHA-256, report 801…805 and their new version; none fails. A wave's rate comes from the
// `notify_time` Helio stamps on each upgrade (`waves` below): the devices notified before the wave's last batch over
// the time from its first batch to its last — for an exact pacer the pace itself.
// Ceiling, same run, same server and devices: a second campaign (to the next version) at the highest pace the
// contract allows (100,000/min: every queued device of a wave in one step) — how fast Helio can notify at all here.
// Run: node bench/ota-pacing.bench.mjs   (builds the server if stale)
//   BENCH_DEVICES=1200 BENCH_PACE=1000 BENCH_WAVES=3 BENCH_CANARY=5 BENCH_FW_BYTES=65536 BENCH_POLL_MS=1000
//   BENCH_CAMPAIGN_TIMEOUT=420 (s per campaign) BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_DIST=dist (another build folder under apps/server, e.g. a patched copy)
//   Quick mode: 300 devices.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { api, closeDevices, connectDevices } from './command-devices.mjs';
import { benchSn, registerBenchDevices } from './devices.mjs';
import { cpuSeconds, dropPgDatabase, ensureBuilt, freePort, freshPgDatabase, loadavg, machine, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
/** Another server build folder under apps/server (e.g. a patched copy, to compare with `dist`). */
const DIST = process.env.BENCH_DIST || 'dist';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = setting('BENCH_DEVICES', 1200, 300);
const PACE = setting('BENCH_PACE', 1000);
const WAVES = setting('BENCH_WAVES', 3);
const CANARY = setting('BENCH_CANARY', 5);
const FW_BYTES = setting('BENCH_FW_BYTES', 65_536);
const POLL_MS = setting('BENCH_POLL_MS', 1000);
const TIMEOUT_S = setting('BENCH_CAMPAIGN_TIMEOUT', 420);
const DB = 'helio_ota_pacing_bench';
const API = '/api/skyworth-toolkit';
const PLANT = '7100000000000000000';
/** upgradeId → when its notify reached the device (ms since the epoch). */
const recv = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The pacer's interval at `pace` (ota.state.ts `pacing`). */
const interval = (pace) => Math.round((Math.max(1, Math.ceil(pace / 60)) * 60_000) / pace);

async function makePackage(base, headers, version) {
  const form = new FormData();
  form.append('file', new Blob([randomBytes(FW_BYTES)]), `fw-${version}.bin`);
  const r = await fetch(`${base}${API}/file/upload`, { method: 'POST', headers, body: form });
  const f = (await r.json()).data;
  if (!f?.fileId) throw new Error(`upload failed: HTTP ${r.status}`);
  await api(base, headers, 'POST', `${API}/otaUpdatePack/submit`, { company: 'Bench', deviceType: 1, firmwareType: 1, firmwareVersion: version, versionStatus: 3, forceUpdate: 0, fileId: f.fileId });
  const list = await api(base, headers, 'GET', `${API}/otaUpdatePack/list?firmwareVersion=${version}`);
  return list.records.find((p) => p.firmwareVersion === version).id;
}

/** Runs a campaign to its end; answers its id and how long it ran. */
async function campaign(base, headers, body) {
  const t0 = Date.now();
  const c = await api(base, headers, 'POST', `${API}/ota/campaign/save`, body);
  let p;
  for (;;) {
    await sleep(1000);
    // A poll that finds the database pool busy (503, Retry-After) on a loaded machine is asked again.
    try {
      p = await api(base, headers, 'GET', `${API}/ota/campaign/progress?id=${c.id}`);
    } catch (e) {
      if (!/HTTP 503/.test(String(e)) || Date.now() - t0 > TIMEOUT_S * 1000) throw e;
      console.error(`progress poll: ${String(e).slice(0, 120)}; polling again`);
      continue;
    }
    if (!['running', 'rolling_back'].includes(p.campaign.state)) break;
    if (Date.now() - t0 > TIMEOUT_S * 1000) {
      console.error(`campaign ${body.campaignName}: still ${p.campaign.state} (wave ${p.campaign.currentWave}) after ${TIMEOUT_S} s: measuring what was notified`);
      break;
    }
  }
  return { id: c.id, state: p.campaign.state, seconds: (Date.now() - t0) / 1000, counts: p.counts };
}

/**
 * Per wave: devices, notified, and the rate: the notifies are grouped into the pacer's batches (a gap of more than
 * half the configured interval starts a new one); rate = the devices notified before the wave's last batch ÷ the time
 * from its first batch to its last — for an exact pacer (k batches of b, one interval e apart) (k−1)·b / ((k−1)·e),
 * the pace itself. A wave of one batch has no rate. Also the wait after the previous wave's last upgrade ended.
 */
async function waves(c, id, pace) {
  const rows = (await c.query(`SELECT wave, count(*)::int AS n, count(notify_time)::int AS notified, max(end_time) AS ended,
      count(*) FILTER (WHERE state = 'updated')::int AS updated, count(*) FILTER (WHERE state = 'failed')::int AS failed,
      array_agg(extract(epoch FROM notify_time) * 1000 ORDER BY notify_time) FILTER (WHERE notify_time IS NOT NULL) AS times
    FROM helio_ota_upgrade WHERE campaign_id = $1 AND purpose = 'upgrade' GROUP BY wave ORDER BY wave`, [id])).rows;
  const byWave = new Map();
  for (const u of (await c.query(`SELECT id::text AS id, wave FROM helio_ota_upgrade WHERE campaign_id = $1 AND purpose = 'upgrade'`, [id])).rows) {
    byWave.set(u.wave, [...(byWave.get(u.wave) ?? []), u.id]);
  }
  const gap = interval(pace) / 2;
  let prevEnd;
  return rows.map((w) => {
    const times = (w.times ?? []).map(Number);
    const batches = [];
    for (const t of times) {
      if (!batches.length || t - batches.at(-1).last > gap) batches.push({ first: t, last: t, n: 1 });
      else Object.assign(batches.at(-1), { last: t, n: batches.at(-1).n + 1 });
    }
    const span = batches.length > 1 ? batches.at(-1).first - batches[0].first : NaN;
    const rate = batches.length > 1 ? ((times.length - batches.at(-1).n) / span) * 60_000 : NaN;
    const got = (byWave.get(w.wave) ?? []).map((u) => recv.get(u)).filter(Boolean);
    const row = {
      wave: w.wave === 0 ? '0 (canary)' : String(w.wave),
      devices: w.n,
      notified: w.notified,
      updated: w.updated,
      failed: w.failed,
      batches: batches.length,
      'notify span s': Number(((times.at(-1) - times[0]) / 1000 || 0).toFixed(1)),
      'rate /min': Number.isFinite(rate) ? Math.round(rate) : '',
      'rate ÷ pace': Number.isFinite(rate) ? Number((rate / pace).toFixed(2)) : '',
      'gap before s': prevEnd && times.length ? Number(((times[0] - prevEnd) / 1000).toFixed(1)) : '',
      'notifies received': got.length,
      'receipt span s': got.length ? Number(((Math.max(...got) - Math.min(...got)) / 1000).toFixed(2)) : '',
      _n: times.length - (batches.at(-1)?.n ?? 0),
      _span: span,
    };
    prevEnd = w.ended?.getTime();
    return row;
  });
}

/** Step intervals: the time between the notify batches of the paced campaign (notify_time grouped by step). */
async function steps(c, id) {
  const rows = (await c.query(`SELECT notify_time FROM helio_ota_upgrade WHERE campaign_id = $1 AND purpose = 'upgrade' AND notify_time IS NOT NULL ORDER BY notify_time`, [id])).rows.map((r) => r.notify_time.getTime());
  const batches = [];
  for (const t of rows) {
    if (!batches.length || t - batches.at(-1).last > interval(PACE) / 2) batches.push({ at: t, last: t, n: 1 });
    else Object.assign(batches.at(-1), { last: t, n: batches.at(-1).n + 1 });
  }
  const gaps = batches.slice(1).map((b, i) => b.at - batches[i].at).filter((g) => g < 5000).sort((a, b) => a - b);
  const q = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))];
  return { batches: batches.length, perBatch: Math.round(rows.length / Math.max(1, batches.length)), medianMs: q(0.5), p95Ms: q(0.95) };
}

const url = await freshPgDatabase(PG_URL, DB);
if (!url) throw new Error(`no PostgreSQL at ${PG_URL}`);
const c = new pg.Client({ connectionString: url });
await c.connect();
const mqttPort = await freePort();
const s = await startServer({ DATABASE_URL: url, HOST: '127.0.0.1', HELIO_MQTT_HOST: '127.0.0.1', HELIO_MQTT_PORT: String(mqttPort), HELIO_JOB_POLL_MS: String(POLL_MS), HELIO_MQTT_GROUP: `b${randomBytes(3).toString('hex')}` }, { dist: DIST });
let devices = [];
try {
  const prefix = `OP${randomBytes(2).toString('hex').toUpperCase()}`;
  await registerBenchDevices((t, p) => c.query(t, p), { devices: DEVICES, prefix, plantId: PLANT });
  await c.query(`UPDATE helio_device SET fw_master = 'V1.0.0' WHERE device_sn LIKE $1`, [`${prefix}%`]);
  const headers = await signIn(s.base);
  const v2 = await makePackage(s.base, headers, 'V2.0.0');
  const v3 = await makePackage(s.base, headers, 'V3.0.0');
  const t = Date.now();
  devices = await connectDevices(`mqtt://127.0.0.1:${mqttPort}`, Array.from({ length: DEVICES }, (_, i) => benchSn(prefix, i)), { httpBase: s.base, onRequest: (_sn, method, params, at) => method === 'otaUpgrade' && recv.set(String(params.upgradeId), at) });
  console.error(`${DEVICES} devices connected in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const canary = Math.max(1, Math.ceil((DEVICES * CANARY) / 100));
  const common = { filter: { plantId: PLANT }, failureThreshold: 50, windowStart: '00:00', windowEnd: '00:00', upgradeTimeoutMinutes: 10, tickMs: 500 };

  const cpu0 = cpuSeconds(s.pid);
  const paced = await campaign(s.base, headers, { ...common, campaignName: 'bench paced', packageId: v2, canaryPercent: CANARY, waveSize: Math.ceil((DEVICES - canary) / WAVES), pacePerMinute: PACE });
  const pacedCpu = cpuSeconds(s.pid) - cpu0;
  const pacedWaves = await waves(c, paced.id, PACE);
  const pacedSteps = await steps(c, paced.id);

  const cpu1 = cpuSeconds(s.pid);
  const max = await campaign(s.base, headers, { ...common, filter: { plantId: PLANT, currentVersion: 'V2.0.0' }, campaignName: 'bench unpaced', packageId: v3, canaryPercent: 0, waveSize: 100_000, pacePerMinute: 100_000 });
  const maxCpu = cpuSeconds(s.pid) - cpu1;
  const maxWaves = await waves(c, max.id, 100_000);

  console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; ${DEVICES} devices, PostgreSQL, HELIO_JOB_POLL_MS=${POLL_MS}, firmware ${FW_BYTES} bytes\n`);
  console.log(`Paced campaign (${PACE}/min: ${Math.ceil(PACE / 60)} devices per step, one step every ${interval(PACE)} ms; canary ${CANARY} %, ${WAVES} waves): ${paced.state} in ${paced.seconds.toFixed(0)} s, Helio CPU ${pacedCpu.toFixed(1)} s`);
  console.table(pacedWaves.map(({ _n, _span, ...w }) => w));
  console.log(`Steps of the paced campaign: ${pacedSteps.batches} batches of ~${pacedSteps.perBatch}; time between batches median ${pacedSteps.medianMs} ms, p95 ${pacedSteps.p95Ms} ms (configured ${interval(PACE)} ms)`);
  const inWave = pacedWaves.filter((w) => w.wave !== '0 (canary)');
  const all = inWave.filter((w) => w.batches > 1).reduce((a, w) => ({ n: a.n + w._n, s: a.s + w._span }), { n: 0, s: 0 });
  console.log(`Waves 1–${inWave.length} together: ${Math.round((all.n / all.s) * 60_000)} devices/min = ${((all.n / all.s) * 60_000 / PACE).toFixed(2)} × the pace ${all.n / all.s * 60_000 >= 0.95 * PACE ? '✓' : '✗'} (goal: holds ${PACE}/min)`);
  console.log(`\nCeiling — unpaced campaign (100,000/min, all of a wave in one step): ${max.state} in ${max.seconds.toFixed(0)} s, Helio CPU ${maxCpu.toFixed(1)} s`);
  console.table(maxWaves.map((w) => ({ wave: w.wave, devices: w.devices, notified: w.notified, updated: w.updated, failed: w.failed, 'notifies received': w['notifies received'], 'receipt span s': w['receipt span s'] })));
  const big = maxWaves.at(-1);
  if (big?.['receipt span s']) console.log(`Unpaced wave ${big.wave}: ${big['notifies received']} notifies reached their devices within ${big['receipt span s']} s = ${Math.round((big['notifies received'] / big['receipt span s']) * 60)} devices/min`);
} finally {
  await closeDevices(devices);
  await s.stop();
  await c.end();
  await dropPgDatabase(PG_URL, DB);
}
