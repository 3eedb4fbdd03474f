// Simulated devices that answer Helio's commands, for the issue-15 benchmarks (settings-roundtrip, ota-pacing,
// settings-queue). Each is a real MQTT client signed in as its SN (docs/device-protocol.md, "Connecting") that
// subscribes to its `helio/v1/{sn}/cmd/req/+` and answers on `cmd/resp/{id}` what the simulator's handlers answer
// (apps/server/src/simulator/settings.ts, ota.ts — the server build is one bundle, so they cannot be imported):
//   settings.write  stores the values, answers { applied }     settings.read  answers { values } of the keys asked
//   otaUpgrade      accepts at once, downloads the file over HTTP in two ranged requests, checks the SHA-256 and
//                   the size, reports 801 (0, 50) → 802 → 803 → 804 → status with the new version → 805
// without the simulator's random refusals, silences and failed flashes: the benchmarks time the path, not faults.
// `onRequest(sn, method, params, receivedAt)` sees every request as it arrives (performance.timeOrigin-based ms);
// `silent(sn)` true: that device receives requests and never answers.
import { createHash } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { deviceSecret } from './devices.mjs';

const now = () => performance.timeOrigin + performance.now();

async function fetchRange(url, from, to) {
  const res = await fetch(url, { headers: { range: `bytes=${from}-${to ?? ''}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`download failed: HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  return res.status === 200 ? buf.subarray(from, to === undefined ? undefined : to + 1) : buf;
}

function handle(client, sn, state, httpBase, method, params) {
  if (method === 'settings.write') {
    const items = params.items && typeof params.items === 'object' ? params.items : {};
    Object.assign(state.settings, items);
    return { ok: true, result: { applied: items } };
  }
  if (method === 'settings.read') {
    const keys = Array.isArray(params.keys) ? params.keys : Object.keys(state.settings);
    return { ok: true, result: { values: Object.fromEntries(keys.filter((k) => k in state.settings).map((k) => [k, state.settings[k]])) } };
  }
  if (method === 'otaUpgrade') {
    if (state.upgrading) return { ok: false, error: 'an upgrade is already running' };
    state.upgrading = true;
    void upgrade(client, sn, state, httpBase, params).finally(() => (state.upgrading = false));
    return { ok: true, result: { accepted: true } };
  }
  if (method === 'ping') return { ok: true, result: { pong: true } };
  return { ok: false, error: 'unknown method' };
}

async function upgrade(client, sn, state, httpBase, p) {
  let ts = Date.now();
  const pub = (kind, body) => client.publishAsync(`helio/v1/${sn}/${kind}`, JSON.stringify(body), { qos: 1 });
  const report = (code, detail) =>
    pub('event', { ts: (ts = Math.max(ts + 1, Date.now())), events: [{ code, type: 3, level: code === 806 ? 3 : 1, msg: detail === undefined ? p.upgradeId : `${p.upgradeId}:${detail}` }] });
  try {
    const url = /^https?:\/\//.test(p.url) ? p.url : new URL(p.url, httpBase).toString();
    await report(801, '0');
    const half = Math.max(0, Math.floor(p.size / 2) - 1);
    const first = p.size > 1 ? await fetchRange(url, 0, half) : Buffer.alloc(0);
    await report(801, '50');
    const data = Buffer.concat([first, await fetchRange(url, first.length, undefined)]);
    await report(802);
    await report(803);
    const got = createHash('sha256').update(data).digest('hex');
    if (got !== p.sha256 || data.length !== p.size) return await report(806, `checksum mismatch: got ${got.slice(0, 12)}…`);
    await report(804);
    state.fw = p.version;
    await pub('status', { ts: (ts = Math.max(ts + 1, Date.now())), online: true, fw: { master: p.version } });
    await report(805, p.version);
  } catch (e) {
    await report(806, e instanceof Error ? e.message.slice(0, 200) : 'failed').catch(() => undefined);
  }
}

/** Connects one device and answers its commands; resolves with { sn, client, state, connectedAt }. */
export async function connectDevice(url, sn, { httpBase, onRequest, key, silent } = {}) {
  const state = { settings: {}, upgrading: false, fw: undefined };
  const client = await mqtt.connectAsync(url, { clientId: sn, username: sn, password: deviceSecret(sn, key), reconnectPeriod: 0, connectTimeout: 60_000, keepalive: 60 });
  const prefix = `helio/v1/${sn}/cmd/req/`;
  client.on('message', (topic, payload) => {
    if (!topic.startsWith(prefix)) return;
    const receivedAt = now();
    const id = topic.slice(prefix.length);
    let body;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return;
    }
    const method = typeof body?.method === 'string' ? body.method : '';
    const params = body?.params && typeof body.params === 'object' ? body.params : {};
    onRequest?.(sn, method, params, receivedAt);
    if (silent?.(sn)) return; // a device that never answers (the server times the command out)
    const r = handle(client, sn, state, httpBase, method, params);
    const reply = r.ok ? { ts: Date.now(), ok: true, result: r.result ?? null } : { ts: Date.now(), ok: false, error: r.error };
    client.publishAsync(`helio/v1/${sn}/cmd/resp/${id}`, JSON.stringify(reply), { qos: 1 }).catch(() => undefined);
  });
  await client.subscribeAsync(`${prefix}+`, { qos: 1 });
  return { sn, client, state, connectedAt: now() };
}

/** Waits until the broker of `url` accepts TCP connections (it may open a moment after the HTTP port). */
export async function waitForBroker(url, ms = 120_000) {
  const { hostname, port } = new URL(url);
  const end = Date.now() + ms;
  for (;;) {
    const up = await new Promise((resolve) => {
      const s = net.connect(Number(port), hostname, () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`no MQTT broker at ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Connects `sns` `parallel` at a time (as the simulator's large-fleet mode does: 50); answers the devices in order. */
export async function connectDevices(url, sns, opts = {}, parallel = 50) {
  await waitForBroker(url);
  const out = [];
  for (let i = 0; i < sns.length; i += parallel) {
    out.push(...(await Promise.all(sns.slice(i, i + parallel).map((sn) => connectDevice(url, sn, opts)))));
    opts.onBatch?.(out.length);
  }
  return out;
}

export async function closeDevices(devices) {
  await Promise.all(devices.map((d) => d.client.endAsync(true).catch(() => undefined)));
}

/** Percentile `p` (0–100) of `xs` (nearest rank), rounded to 0.1. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Number(s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))].toFixed(1)) : NaN;
}

/** A JSON POST/GET with the session headers; answers `data` (throws on a non-success answer). */
export async function api(base, headers, method, path, body) {
  const r = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const j = await r.json().catch(() => ({}));
  if (!r.ok || j.success === false) throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
}
