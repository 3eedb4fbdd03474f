// Issue 6 benchmark: chart and list queries through the real HTTP routes, sequential requests, p50/p95/p99 in ms,
// beside a Fastify hello-world route measured the same way in the same run (the floor of this client and machine).
// Data (PostgreSQL, generated in SQL): 100,000 stations with one inverter each; a tenant of 10,000 of them with one
// year of daily energy (3.65 M station-days + the tenant rollup), one day of 5-minute station energy for all 10,000
// and one day of raw 5-minute inverter reports for 2,000 of them.
// Run: node bench/charts.bench.mjs      (builds the server if stale; needs PostgreSQL:
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres; BENCH_N=200 requests per row; BENCH_STATIONS=100000,
//   BENCH_FLEET=10000 (the tenant with history), BENCH_RAW_INVERTERS=2000. Quick mode: 10,000 / 1,000 / 200, N=30.
//   The database is dropped at the end unless BENCH_KEEP_DB=1.)
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { dropPgDatabase, ensureBuilt, freshPgDatabase, loadavg, machine, md5, quick, setting, signIn, startServer } from './lib.mjs';

ensureBuilt();
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const N = setting('BENCH_N', 200, 30);
const STATIONS = setting('BENCH_STATIONS', 100_000, 10_000);
const FLEET = setting('BENCH_FLEET', 10_000, 1_000);
const RAW = setting('BENCH_RAW_INVERTERS', 2_000, 200);
const num = (n) => n.toLocaleString('en-US');
const sha1 = (s) => createHash('sha1').update(s).digest('hex');
const P0 = 8000000000000000000n;
// The 5-minute and raw day: yesterday (UTC), inside the retention window, in the partitions' naming scheme.
const DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const PREV = new Date(Date.parse(`${DAY}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const NEXT = new Date(Date.parse(`${DAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const ymd = (d) => d.replace(/-/g, '');
// Station-local day DAY in Asia/Shanghai = [PREV 16:00Z, DAY 16:00Z)
const FROM = `${PREV}T16:00:00Z`;
const TO = `${DAY}T15:55:00Z`;
const D0 = 8300000000000000000n;

async function generate(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = async (label, text) => {
    const t = Date.now();
    await c.query(text);
    console.error(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  console.error('generating data…');
  await q(`tenant, department, role and user of the ${num(FLEET)}-station fleet`, `
    INSERT INTO blade_tenant (id, tenant_id, tenant_name) VALUES (8900000000000000001, '100010', 'Fleet ${FLEET}');
    INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort) VALUES (8900000000000000002, '100010', 0, '0', 'Fleet agent', 'Fleet agent', 1);
    INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES (8900000000000000003, '100010', 0, 'fleet agent', 'fleet_agent', 1);
    INSERT INTO blade_role_menu (id, menu_id, role_id) SELECT 8900000000000000100 + row_number() OVER (), id, 8900000000000000003 FROM blade_menu WHERE code IN ('power_station', 'inverter', 'battery');
    INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, status)
      VALUES (8900000000000000004, '100010', 'fleet', '${sha1(md5('Passw0rd1'))}', 'fleet', 'fleet', '8900000000000000003', '8900000000000000002', 1);
    INSERT INTO blade_user_dept (id, user_id, dept_id) VALUES (8900000000000000005, 8900000000000000004, 8900000000000000002);`);
  await q(`${num(STATIONS)} stations`, `
    INSERT INTO helio_plant (id, tenant_id, plant_name, plant_type, country_code, region_name, address, time_zone, capacity_kwp, install_date, latitude, longitude,
                             owner_name, operation_company_id, operation_company_name, network_status, create_time)
    SELECT ${P0} + g, CASE WHEN g <= ${FLEET} THEN '100010' ELSE '000000' END, 'Station ' || g, 1 + g % 4, 'CN',
           (ARRAY['广东省 深圳市 南山区','浙江省 杭州市 西湖区','江苏省 南京市 鼓楼区','四川省 成都市 武侯区','北京市 朝阳区','上海市 浦东新区','湖北省 武汉市 武昌区','云南省 昆明市 五华区'])[1 + g % 8],
           'Road ' || g, 'Asia/Shanghai', 5 + g % 20, date '2024-01-01' + g % 600, 20 + (g % 200) / 10.0, 100 + (g % 250) / 10.0, 'Owner ' || g,
           CASE WHEN g <= ${FLEET} THEN 8900000000000000002 ELSE 8100000000000000000 + g % 50 END, 'Company ' || (g % 50),
           CASE WHEN g % 10 = 0 THEN 1 WHEN g % 37 = 0 THEN 2 ELSE 0 END, timestamptz '2026-01-01' - make_interval(secs => g)
      FROM generate_series(1, ${STATIONS}) g`);
  await q(`${num(STATIONS)} inverters (factory, registration, latest state)`, `
    INSERT INTO helio_inverter_factory (id, device_sn, model, rated_power, usage_flag) SELECT 8200000000000000000 + g, 'BI' || lpad(g::text, 8, '0'), 'HS-10K', 10, 1 FROM generate_series(1, ${STATIONS}) g;
    INSERT INTO helio_device (id, tenant_id, plant_id, device_type, device_sn, secret_hash, network_status)
      SELECT ${D0} + g, CASE WHEN g <= ${FLEET} THEN '100010' ELSE '000000' END, ${P0} + g, 1, 'BI' || lpad(g::text, 8, '0'), 'x', CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END FROM generate_series(1, ${STATIONS}) g;
    INSERT INTO helio_device_latest (device_id, device_type, plant_id, ts, state, pv_power, e_pv_total)
      SELECT ${D0} + g, 1, ${P0} + g, now() - interval '2 minutes', 2, 3000 + g % 1000, 10000 + g FROM generate_series(1, ${STATIONS}) g;`);
  await q(`one year of daily energy for ${num(FLEET)} stations (${num(FLEET * 365)} rows) + monthly + tenant rollups`, `
    INSERT INTO helio_energy_plant_day (plant_id, day, tenant_id, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, samples)
      SELECT ${P0} + g, d::date, '100010', 20 + (g % 17) + extract(doy FROM d) % 11, 18 + g % 9, 6 + g % 5, 8 + g % 7, 3, 2.5, 288
        FROM generate_series(1, ${FLEET}) g, generate_series(date '2025-01-01', date '2025-12-31', interval '1 day') d;
    INSERT INTO helio_energy_plant_month (plant_id, month, tenant_id, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, samples)
      SELECT plant_id, date_trunc('month', day)::date, tenant_id, sum(pv_kwh), sum(load_kwh), sum(import_kwh), sum(export_kwh), sum(charge_kwh), sum(discharge_kwh), sum(samples)
        FROM helio_energy_plant_day GROUP BY 1, 2, 3;
    INSERT INTO helio_energy_tenant_day (tenant_id, day, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, samples)
      SELECT tenant_id, day, sum(pv_kwh), sum(load_kwh), sum(import_kwh), sum(export_kwh), sum(charge_kwh), sum(discharge_kwh), sum(samples) FROM helio_energy_plant_day GROUP BY 1, 2;
    INSERT INTO helio_energy_tenant_month (tenant_id, month, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, samples)
      SELECT tenant_id, month, sum(pv_kwh), sum(load_kwh), sum(import_kwh), sum(export_kwh), sum(charge_kwh), sum(discharge_kwh), sum(samples) FROM helio_energy_plant_month GROUP BY 1, 2;`);
  await q(`partitions of ${PREV} and ${DAY}`, ['helio_energy_plant_5m', 'helio_telemetry_inverter']
    .flatMap((t) => [[PREV, DAY], [DAY, NEXT]].map(([a, b]) => `CREATE TABLE IF NOT EXISTS ${t}_p${ymd(a)} PARTITION OF ${t} FOR VALUES FROM ('${a}T00:00:00Z') TO ('${b}T00:00:00Z');`))
    .join('\n'));
  await q(`one day of 5-minute station energy for ${num(FLEET)} stations (${num(FLEET * 288)} rows)`, `
    INSERT INTO helio_energy_plant_5m (plant_id, bucket, pv_kwh, load_kwh, import_kwh, export_kwh, charge_kwh, discharge_kwh, samples)
      SELECT ${P0} + g, b, greatest(0, sin(pi() * (extract(epoch FROM b - timestamptz '${PREV}T21:30:00Z') / 50400))) * 0.6, 0.12, 0.04, 0.1, 0.02, 0.01, 1
        FROM generate_series(1, ${FLEET}) g, generate_series(timestamptz '${FROM}', timestamptz '${TO}', interval '5 minutes') b`);
  await q(`one day of raw 5-minute reports for ${num(RAW)} inverters (${num(RAW * 288)} rows)`, `
    INSERT INTO helio_telemetry_inverter (device_id, ts, plant_id, state, pv1_v, pv1_i, pv2_v, pv2_i, pv_power, grid_va, grid_vb, grid_vc, grid_ia, grid_ib, grid_ic,
        grid_pa, grid_pb, grid_pc, grid_power, grid_freq, grid_q, grid_pf, load_power, load_pa, load_pb, load_pc, eps_power, bat_v, bat_i, bat_power, bat_soc, bat_temp,
        temp_inner, temp_sink, bus_v, iso_kohm, e_pv_today, e_pv_total, e_load_total, e_import_total, e_export_total, e_charge_total, e_discharge_total, fault_codes, warning_codes)
      SELECT ${D0} + g, b, ${P0} + g, 2, 380, 8, 377, 7.9, 6000, 230, 231, 229, 4, 4, 4, -900, -900, -900, -2700, 50, 100, 0.99, 1700, 560, 570, 570, 0, 51, -20, -1000, 60,
             25, 41, 48, 402, 2100, 12, 10000, 8000, 2000, 4000, 1500, 1400, '{}', '{}'
        FROM generate_series(1, ${RAW}) g, generate_series(timestamptz '${FROM}', timestamptz '${TO}', interval '5 minutes') b`);
  await q('ANALYZE', 'ANALYZE');
  await c.end();
}

async function measure(name, url, headers = {}, check) {
  const once = async () => {
    const r = await fetch(url, { headers });
    const body = await r.json();
    if (r.status !== 200 || (body.code !== undefined && body.code !== 200)) throw new Error(`${name}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  };
  const first = await once();
  if (check) check(first);
  for (let i = 0; i < 10; i++) await once();
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await once();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (x) => Number(ms[Math.min(ms.length - 1, Math.floor((x / 100) * ms.length))].toFixed(2));
  return { name, n: N, p50: p(50), p95: p(95), p99: p(99), max: Number(ms.at(-1).toFixed(2)) };
}

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloUrl = `http://127.0.0.1:${hello.server.address().port}/hello`;

const dbUrl = await freshPgDatabase(PG_URL, 'helio_charts_bench');
if (!dbUrl) throw new Error(`no PostgreSQL at ${PG_URL}`);
// First start: migrations and seed; then the data; then the measured server.
const env = { DATABASE_URL: dbUrl, HELIO_RETENTION_RAW_DAYS: '0', HELIO_RETENTION_5M_DAYS: '0' };
let server = await startServer(env);
await new Promise((r) => setTimeout(r, 3000)); // let the first start finish its telemetry start-up
await server.stop();
await generate(dbUrl);
server = await startServer(env);
const rows = [];
try {
  const admin = await signIn(server.base);
  const fleet = await signIn(server.base, { tenantId: '100010', account: 'fleet', password: 'Passw0rd1' });
  const B = `${server.base}/api/skyworth-client`;
  const P1 = `${P0 + 1n}`;
  const D1 = `${D0 + 1n}`;
  rows.push(await measure('hello world (Fastify, same client)', helloUrl));
  rows.push(await measure('1-year daily chart, one station (365 points)', `${B}/plant/energyStat?id=${P1}&dateType=year-days&date=2025-06-01`, admin, (b) => {
    if (b.data.points.length !== 365) throw new Error('expected 365 points');
  }));
  rows.push(await measure(`1-year daily chart, fleet of ${num(FLEET)} stations (tenant rollup; platform admin)`, `${B}/home/inverterPerformance?dateType=year-days&date=2025-06-01&tenantId=100010`, admin, (b) => {
    if (b.data.points.length !== 365) throw new Error('expected 365 points');
  }));
  rows.push(await measure(`1-year daily chart, ${num(FLEET)} stations in a data scope (agent: sums station-days)`, `${B}/home/inverterPerformance?dateType=year-days&date=2025-06-01`, fleet, (b) => {
    if (b.data.points.length !== 365) throw new Error('expected 365 points');
  }));
  rows.push(await measure('1-day 5-minute station curve (288 points)', `${B}/plant/energyStat?id=${P1}&dateType=day&date=${DAY}`, admin, (b) => {
    if (b.data.points.length !== 288) throw new Error(`expected 288 points, got ${b.data.points.length}`);
  }));
  rows.push(await measure('1-day raw inverter curve (288 points × 8 values)', `${B}/inverter/statusStat?id=${D1}&date=${DAY}&fields=pvPower,gridPower,loadPower,batteryPower,batterySoc,pv1Voltage,pv1Current,gridVoltageA`, admin, (b) => {
    if (b.data.times.length !== 288) throw new Error(`expected 288 points, got ${b.data.times.length}`);
  }));
  const list = (q) => `${B}/plant/list?current=1&size=10${q}`;
  const S = num(STATIONS);
  rows.push(await measure(`station list, ${S} stations, no filter`, list(''), admin, (b) => {
    if (b.data.total !== STATIONS) throw new Error(`expected ${STATIONS}, got ${b.data.total}`);
  }));
  rows.push(await measure(`station list, ${S}: name contains "Station 12"`, list('&plantName=Station%2012'), admin));
  rows.push(await measure(`station list, ${S}: networkStatus=1 (${num(STATIONS / 10)} match)`, list('&networkStatus=1'), admin));
  rows.push(await measure(`station list, ${S}: region "深圳" + networkStatus=0`, list(`&address=${encodeURIComponent('深圳')}&networkStatus=0`), admin));
  rows.push(await measure(`station list, ${S}: operation company + sort by capacity`, list('&operationCompanyId=8100000000000000007&ascs=capacityKwp'), admin));
  const lastPage = Math.floor(STATIONS / 20);
  rows.push(await measure(`station list, ${S}: page ${num(lastPage)}`, `${B}/plant/list?current=${lastPage}&size=10`, admin));
  rows.push(await measure('hello world (Fastify, same client), after', helloUrl));
} finally {
  await server.stop();
  await hello.close();
  await dropPgDatabase(PG_URL, 'helio_charts_bench');
}
console.log(`\n${quick ? 'QUICK MODE; ' : ''}${machine()}; load average ${loadavg()}; PostgreSQL ${PG_URL.replace(/\/\/.*@/, '//')}; ` +
  `${num(STATIONS)} stations, fleet ${num(FLEET)}, raw ${num(RAW)} inverters; ${N} requests per row\n`);
console.table(rows);
