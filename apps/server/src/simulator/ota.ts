/**
 * The simulated devices' side of OTA (docs/device-protocol.md, "OTA"): `otaUpgrade` is accepted at once, then the
 * device downloads the firmware for real over HTTP from the URL it was given (in two ranged requests, the way a
 * device resumes a dropped download), checks the SHA-256, "flashes" it and reports the new version — reporting each
 * step as an event (codes 801–806, message `<upgradeId>[:detail]`). A checksum mismatch fails the upgrade and keeps
 * the running firmware (no "bricking"). A share of upgrades fails on purpose (`setOtaFailureRate`; a device whose
 * state has `otaFail` set fails deterministically with that reason).
 */
import { createHash } from 'node:crypto';
import type { SimCommandContext, SimCommandHandler, SimCommandResult } from './command-types.js';

/** Helio's own HTTP address as the simulated devices reach it (firmware downloads): loopback unless bound to one address. */
export function loopbackBase(host: string, port: number): string {
  const h = !host || host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
}

let failureRate = 0.03;
let random: () => number = Math.random;

/** The share of upgrades that fail at the flashing step (0…1), and the random source (tests: a fixed one). */
export function setOtaFailureRate(rate: number, rng: () => number = Math.random): void {
  failureRate = Math.min(1, Math.max(0, rate));
  random = rng;
}

const FW_KEYS: Record<string, string> = { master: 'master', bms: 'master', slave: 'slave', ems: 'ems', dcdc: 'dcdc', comm: 'protocol' };

/** Upgrades in flight, by SN: a second notify while one runs is refused. */
const running = new Set<string>();

async function fetchRange(url: string, from: number, to: number | undefined): Promise<Buffer> {
  const res = await fetch(url, { headers: { range: `bytes=${from}-${to ?? ''}` } });
  if (res.status !== 206 && res.status !== 200) throw new Error(`download failed: HTTP ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  // A server that ignores Range answers 200 with the whole file: take the part asked for.
  return res.status === 200 ? buf.subarray(from, to === undefined ? undefined : to + 1) : buf;
}

async function run(ctx: SimCommandContext, p: { upgradeId: string; url: string; size: number; sha256: string; version: string; firmwareType: string }) {
  let ts = Date.now();
  const report = (code: number, detail?: string) =>
    ctx.publish('event', { ts: (ts = Math.max(ts + 1, Date.now())), events: [{ code, type: 3, level: code === 806 ? 3 : 1, msg: detail === undefined ? p.upgradeId : `${p.upgradeId}:${detail}`.slice(0, 255) }] });
  try {
    const url = /^https?:\/\//.test(p.url) ? p.url : ctx.httpBase ? new URL(p.url, ctx.httpBase).toString() : undefined;
    if (!url) return await report(806, 'no download address');
    await report(801, '0');
    // Two ranged requests: the first half, then "after a dropped connection" the rest from where it stopped.
    const half = Math.max(0, Math.floor(p.size / 2) - 1);
    const first = p.size > 1 ? await fetchRange(url, 0, half) : Buffer.alloc(0);
    await report(801, '50');
    const rest = await fetchRange(url, first.length, undefined);
    const data = Buffer.concat([first, rest]);
    await report(802);
    await report(803);
    const got = createHash('sha256').update(data).digest('hex');
    if (got !== p.sha256 || (p.size > 0 && data.length !== p.size)) {
      return await report(806, `checksum mismatch: expected ${p.sha256.slice(0, 12)}…, got ${got.slice(0, 12)}…`);
    }
    await report(804);
    const forced = typeof ctx.state.otaFail === 'string' ? ctx.state.otaFail : undefined;
    if (forced || random() < failureRate) return await report(806, forced ?? 'flash write error; kept the running firmware');
    const fw = ((ctx.state.fw as Record<string, string> | undefined) ?? {});
    fw[FW_KEYS[p.firmwareType] ?? 'master'] = p.version;
    ctx.state.fw = fw;
    await ctx.publish('status', { ts: (ts = Math.max(ts + 1, Date.now())), online: true, fw: { [FW_KEYS[p.firmwareType] ?? 'master']: p.version } });
    await report(805, p.version);
  } catch (e) {
    await report(806, e instanceof Error ? e.message : 'failed').catch(() => undefined);
  } finally {
    running.delete(ctx.sn);
  }
}

export async function otaUpgradeHandler(ctx: SimCommandContext, params: Record<string, unknown>): Promise<SimCommandResult> {
  const p = {
    upgradeId: String(params.upgradeId ?? ''),
    url: String(params.url ?? ''),
    size: Number(params.size ?? 0),
    sha256: String(params.sha256 ?? ''),
    version: String(params.version ?? ''),
    firmwareType: String(params.firmwareType ?? 'master'),
  };
  if (!/^\d{1,20}$/.test(p.upgradeId) || !p.url || !/^[0-9a-f]{64}$/.test(p.sha256) || !p.version) return { ok: false, reason: 'bad notify' };
  if (running.has(ctx.sn)) return { ok: false, reason: 'an upgrade is already running' };
  running.add(ctx.sn);
  void run(ctx, p);
  return { ok: true, result: { accepted: true } };
}

export const OTA_HANDLERS: Record<string, SimCommandHandler> = { otaUpgrade: otaUpgradeHandler };
