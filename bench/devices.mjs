// Bench devices shared by the device-path benchmarks (ingest.bench.mjs, alarm.bench.mjs): the simulator's
// large-fleet mode (`--bench`) connects them; these helpers register them in a database and run it.
import { spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { root, track } from './lib.mjs';

/** The fleet key the simulator derives device secrets from (as the demo fleet does). */
export const BENCH_KEY = 'helio-bench-key';
export const deviceSecret = (sn, key = BENCH_KEY) => createHmac('sha256', key).update(sn).digest('base64url').slice(0, 32);
const sha = (s) => createHash('sha256').update(s).digest('hex');
export const benchSn = (prefix, i) => `${prefix}${String(i + 1).padStart(6, '0')}`;

/**
 * Registers `devices` inverters `<prefix>000001…` with their secrets on one station (factory rows, device rows,
 * latest-state rows); `q(text, params)` runs a statement. Answers the device ids.
 */
export async function registerBenchDevices(q, { devices, prefix, key = BENCH_KEY, firstId = 7100000000000000001n, plantId = '7100000000000000000' }) {
  await q(`INSERT INTO helio_plant (id, tenant_id, plant_name, time_zone, capacity_kwp, latitude, longitude) VALUES ($1, '000000', 'Bench station', 'Asia/Shanghai', 10, 22.5, 114) ON CONFLICT DO NOTHING`, [plantId]);
  const ids = Array.from({ length: devices }, (_, i) => String(firstId + BigInt(i)));
  const sns = ids.map((_, i) => benchSn(prefix, i));
  await q(`INSERT INTO helio_inverter_factory (id, device_sn, model, rated_power, usage_flag) SELECT u.id, u.sn, 'BENCH-10K', 10, 1 FROM unnest($1::bigint[], $2::text[]) AS u(id, sn)`, [ids, sns]);
  await q(`INSERT INTO helio_device (id, tenant_id, plant_id, device_type, device_sn, secret_hash) SELECT u.id, '000000', $3, 1, u.sn, u.h FROM unnest($1::bigint[], $2::text[], $4::text[]) AS u(id, sn, h)`,
    [ids, sns, plantId, sns.map((s) => sha(deviceSecret(s, key)))]);
  await q(`INSERT INTO helio_device_latest (device_id, device_type, plant_id) SELECT unnest($1::bigint[]), 1, $2`, [ids, plantId]);
  return ids;
}

/** Runs the simulator's large-fleet mode against `url` and answers its result line (BenchResult). */
export function runBenchSimulator(url, { devices, seconds, prefix, window, key = BENCH_KEY, anonymous = false, rate = 0 }) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, [path.join(root, 'apps/server/dist/simulator/main.js'), '--bench', '--url', url, '--devices', String(devices), '--seconds', String(seconds),
      '--key', key, '--prefix', prefix, '--window', String(window), ...(rate ? ['--rate', String(rate)] : []), ...(anonymous ? ['--anonymous'] : [])], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }));
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`simulator exited ${code}`))));
  });
}
