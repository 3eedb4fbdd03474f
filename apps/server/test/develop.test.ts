/**
 * blade-develop: data sources limited to allow-listed PostgreSQL hosts (platform administrators only), models and
 * prototypes from a real table, code records, and `gen-code` — whose zip, unzipped into a copy of the Helio tree
 * with the README's registrations applied, type-checks (contracts, server, web) and whose generated test passes.
 * Needs a PostgreSQL server (HELIO_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasource } from '../src/db/schema-resource.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';

const ADMIN_URL = process.env.HELIO_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dbName = `helio_gen_${randomBytes(4).toString('hex')}`;

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
const available = await pgReachable();
if (!available) console.warn(`develop.test: no PostgreSQL at ${ADMIN_URL}; data source tests skipped`);

const target = new URL(ADMIN_URL);
const jdbc = `jdbc:postgresql://${target.hostname}:${target.port || 5432}/${dbName}`;

let t: TestApp;
let h: Record<string, string>;

beforeAll(async () => {
  if (!available) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(`
    CREATE TABLE pv_asset (
      id bigint PRIMARY KEY,
      asset_name varchar(64) NOT NULL,
      serial_no varchar(32) NOT NULL,
      capacity_kw numeric(10,3),
      panel_count integer,
      installed_at timestamptz,
      commissioned_on date,
      grid_tied boolean DEFAULT true,
      station_id bigint,
      remark text,
      extra jsonb,
      create_time timestamptz DEFAULT now(),
      is_deleted integer DEFAULT 0 NOT NULL
    );
    COMMENT ON TABLE pv_asset IS '光伏资产';
    COMMENT ON COLUMN pv_asset.asset_name IS '资产名称';
    COMMENT ON COLUMN pv_asset.serial_no IS '序列号';
    COMMENT ON COLUMN pv_asset.capacity_kw IS '装机容量(kW)';
    COMMENT ON COLUMN pv_asset.panel_count IS '组件数量';
    COMMENT ON COLUMN pv_asset.installed_at IS '安装时间';
    COMMENT ON COLUMN pv_asset.commissioned_on IS '并网日期';
    COMMENT ON COLUMN pv_asset.grid_tied IS '是否并网';
    COMMENT ON COLUMN pv_asset.remark IS '备注 "quoted" */ \`tick\` \${x}';
    CREATE TABLE "Weird Table" ("Bad Column" text, id bigint PRIMARY KEY);
  `);
  await c.end();
  t = await createTestApp({ HELIO_DATASOURCE_HOSTS: `127.0.0.1,localhost,${target.hostname}` });
  h = await t.adminHeaders();
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (!available) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

const post = (url: string, payload?: unknown, headers = h) => t.req({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });

describe.skipIf(!available)('data sources', () => {
  it('stores PostgreSQL sources on allow-listed hosts only, password sealed and never returned', async () => {
    for (const url of [
      'jdbc:postgresql://10.0.0.5:5432/prod',
      'jdbc:postgresql://169.254.169.254/x',
      'jdbc:mysql://127.0.0.1:3306/x',
      `${jdbc}?sslrootcert=/etc/passwd`,
      'jdbc:postgresql://127.0.0.1,10.0.0.5/x',
      'jdbc:postgresql:///var/run/postgresql/x',
    ]) {
      const res = await post('/api/blade-develop/datasource/submit', { name: `bad ${url}`, category: 1, url, username: 'postgres', password: 'x' });
      expect(res.statusCode, url).toBe(400);
    }
    const bad = await post('/api/blade-develop/datasource/submit', { name: 'b', category: 1, url: 'jdbc:postgresql://10.0.0.5:5432/prod', username: 'u' });
    expect(bad.json().msg).toBe('不允许连接该主机: 10.0.0.5');
    const res = await post('/api/blade-develop/datasource/submit', { name: 'gen', category: 1, url: jdbc, username: 'postgres', password: 'not-used-with-trust' });
    expect(res.json().success).toBe(true);
    const id = res.json().data.id as string;
    const [row] = await t.database.db.select().from(datasource).where(eq(datasource.id, id));
    expect(row!.password).toMatch(/^gcm1:/);
    expect((await get(`/api/blade-develop/datasource/detail?id=${id}`)).json().data.password).toBe('********');
    const tested = await post(`/api/blade-develop/datasource/test-connection?id=${id}`);
    expect(tested.json().data.version).toMatch(/^PostgreSQL/);
    const probe = await post('/api/blade-develop/datasource/test-connection', { url: 'jdbc:postgresql://192.168.1.1:5432/x', username: 'u', password: 'p' });
    expect(probe.json().msg).toBe('不允许连接该主机: 192.168.1.1');
  });

  it("is for platform administrators only: a tenant's own administrator gets 403 everywhere", async () => {
    await createTenant(t.database.db, '700001');
    const role = await createRole(t.database.db, '700001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '700001', account: 'tess', password: 'Passw0rd1', roleId: role });
    const th = { 'blade-auth': `bearer ${(await t.login('tess', 'Passw0rd1', '700001')).access_token}` };
    for (const r of t.routes.filter((x) => x.url.startsWith('/api/blade-develop/') && x.method !== 'HEAD')) {
      const res = await t.req({ method: r.method as 'GET', url: r.url, headers: th, ...(r.method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});

describe.skipIf(!available)('models and code generation', () => {
  let dsId: string;
  let modelId: string;
  let codeId: string;

  it('lists tables and columns of the data source', async () => {
    dsId = (await get('/api/blade-develop/datasource/select')).json().data.find((d: { name: string }) => d.name === 'gen').id;
    const tables = (await get(`/api/blade-develop/model/table-list?datasourceId=${dsId}`)).json().data;
    expect(tables).toContainEqual({ name: 'pv_asset', tableName: 'pv_asset', comment: '光伏资产' });
    const cols = (await get(`/api/blade-develop/model/table-info?datasourceId=${dsId}&tableName=pv_asset`)).json().data;
    expect(cols.find((c: { name: string }) => c.name === 'capacity_kw')).toMatchObject({ type: 'numeric(10,3)', comment: '装机容量(kW)', nullable: true });
    expect(cols.find((c: { name: string }) => c.name === 'id')).toMatchObject({ pk: true });
    expect((await get(`/api/blade-develop/model/table-info?datasourceId=${dsId}&tableName=pv_asset;drop`)).statusCode).toBe(400);
    expect((await get(`/api/blade-develop/model/table-info?datasourceId=${dsId}&tableName=missing`)).json().msg).toBe('数据表不存在: missing');
  });

  it('builds a model and saves its prototype', async () => {
    const res = await post('/api/blade-develop/model/submit', { datasourceId: dsId, modelName: 'PV asset', modelCode: 'pv_asset', modelTable: 'pv_asset' });
    modelId = res.json().data.id;
    const proto = (await get(`/api/blade-develop/model/model-prototype?modelId=${modelId}`)).json().data as Record<string, unknown>[];
    const name = proto.find((p) => p.jdbcName === 'asset_name')!;
    expect(name).toMatchObject({ propertyName: 'assetName', isForm: 1, isRequired: 1, componentType: 'text' });
    expect(proto.find((p) => p.jdbcName === 'create_time')).toMatchObject({ isForm: 0, isList: 0 });
    expect(proto.find((p) => p.jdbcName === 'extra')).toMatchObject({ isForm: 0 });
    const edited = proto.map((p) => (p.jdbcName === 'serial_no' ? { ...p, isQuery: 1, queryType: 'equal' } : p));
    expect((await post('/api/blade-develop/model-prototype/submit-list', edited)).json().success).toBe(true);
    const saved = (await get(`/api/blade-develop/model-prototype/select?modelId=${modelId}`)).json().data;
    expect(saved.find((p: { jdbcName: string }) => p.jdbcName === 'serial_no')).toMatchObject({ isQuery: 1, queryType: 'equal' });
    const evil = await post('/api/blade-develop/model-prototype/submit-list', [{ ...edited[0], propertyName: 'x: 1, y' }]);
    expect(evil.statusCode).toBe(400);
  });

  it('keeps code records; copies them', async () => {
    const res = await post('/api/blade-develop/code/submit', {
      modelId,
      codeName: '光伏资产',
      serviceName: 'pv-asset',
      tableName: 'pv_asset',
      packageName: 'pv_asset',
      apiPath: '/api/helio/pv-asset',
      webPath: '/pv-asset',
    });
    codeId = res.json().data.id;
    const copy = await post(`/api/blade-develop/code/copy?id=${codeId}`);
    const copied = (await get(`/api/blade-develop/code/detail?id=${copy.json().data.id}`)).json().data;
    expect(copied).toMatchObject({ codeName: '光伏资产-copy', serviceName: 'pv-asset', tableName: 'pv_asset' });
    const bad = await post('/api/blade-develop/code/submit', { modelId, codeName: 'x', serviceName: '../../etc', tableName: 'pv_asset' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to generate from names it cannot turn into code safely', async () => {
    const m = (await post('/api/blade-develop/model/submit', { datasourceId: dsId, modelName: 'weird', modelCode: 'weird', modelTable: 'pv_asset' })).json().data.id;
    const proto = (await get(`/api/blade-develop/model/model-prototype?modelId=${m}`)).json().data as Record<string, unknown>[];
    await t.database.db.execute(
      // A prototype row that slipped in with a hostile column name (as a compromised catalog could report one).
      (await import('drizzle-orm')).sql`INSERT INTO blade_model_prototype (id, model_id, jdbc_name, jdbc_type, property_name, sort)
        VALUES (${String(Date.now())}, ${m}, ${'x"); drop table y; --'}, ${'text'}, ${'x'}, 1)`,
    );
    expect(proto.length).toBeGreaterThan(0);
    const c = (await post('/api/blade-develop/code/submit', { modelId: m, codeName: 'weird', serviceName: 'weird-thing', tableName: 'pv_asset' })).json().data.id;
    const res = await get(`/api/blade-develop/code/gen-code?ids=${c}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^名称不合法/);
    const reserved = (await post('/api/blade-develop/code/submit', { modelId, codeName: 'u', serviceName: 'user', tableName: 'pv_asset' })).json().data.id;
    expect((await get(`/api/blade-develop/code/gen-code?ids=${reserved}`)).statusCode).toBe(400);
  });

  // Once per CI run, on the PGlite pass: what it checks (the generated files compile, lint and pass their own test)
  // does not depend on the database the rest of the suite runs on, and it type-checks three projects (~200 s of CPU).
  it.skipIf(Boolean(process.env.HELIO_TEST_DATABASE_URL))('generates a module that compiles in a copy of the tree and whose own test passes', async () => {
    const res = await get(`/api/blade-develop/code/gen-code?ids=${codeId}&system=saber`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="helio-codegen-\d{8}\.zip"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort();
    expect(names).toEqual([
      'README-pv-asset.md',
      'apps/server/src/modules/pv-asset/module.ts',
      'apps/server/src/modules/pv-asset/pv-asset.tables.ts',
      'apps/server/test/pv-asset.test.ts',
      'apps/web/src/features/pv-asset/feature.ts',
      'apps/web/src/features/pv-asset/pv-asset-page.tsx',
      'packages/contracts/src/modules/pv-asset/pv-asset.resource.ts',
    ]);
    const resource = await zip.file('packages/contracts/src/modules/pv-asset/pv-asset.resource.ts')!.async('string');
    expect(resource).toContain('{ key: "serialNo", label: { zh: "序列号", en: "Serial no" }, kind: "text", search: "equal", rules: { required: true, max: 32 } }');
    expect(resource).toContain('"备注 \\"quoted\\" */ `tick` ${x}"');
    expect(await zip.file('README-pv-asset.md')!.async('string')).toContain('`extra`');

    // A copy of the tree: the sources, configs and a node_modules whose @helio packages point into the copy.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-gen-tree-'));
    try {
      const copy = (rel: string) => fs.cpSync(path.join(ROOT, rel), path.join(tmp, rel), { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) && !src.includes(`${path.sep}dist`) });
      for (const rel of ['package.json', 'tsconfig.base.json', 'eslint.config.js', 'eslint.config.mjs', 'scripts', 'packages/contracts', 'apps/server', 'apps/web']) {
        if (fs.existsSync(path.join(ROOT, rel))) copy(rel);
      }
      const nm = path.join(tmp, 'node_modules');
      fs.mkdirSync(path.join(nm, '@helio'), { recursive: true });
      for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
        if (entry !== '@helio') fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(nm, entry));
      }
      fs.symlinkSync(path.join(tmp, 'packages/contracts'), path.join(nm, '@helio/contracts'));
      fs.symlinkSync(path.join(tmp, 'apps/server'), path.join(nm, '@helio/server'));
      fs.symlinkSync(path.join(tmp, 'apps/web'), path.join(nm, '@helio/web'));
      if (fs.existsSync(path.join(ROOT, 'apps/web/node_modules'))) fs.symlinkSync(path.join(ROOT, 'apps/web/node_modules'), path.join(tmp, 'apps/web/node_modules'));

      // Drop the zip in.
      for (const n of names) {
        const file = path.join(tmp, n);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, await zip.file(n)!.async('nodebuffer'));
      }
      // No registration: the kernel and the app shell find the module and the feature by themselves. Its migration
      // is generated from its tables file, as the README says.
      const gen = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name=pv-asset'], {
        cwd: path.join(tmp, 'apps/server'),
        encoding: 'utf8',
      });
      expect(gen.status, `${gen.stdout}\n${gen.stderr}`).toBe(0);
      expect(fs.readdirSync(path.join(tmp, 'apps/server/drizzle')).some((f) => /^\d{4}_pv-asset\.sql$/.test(f))).toBe(true);

      const generated = names.filter((n) => /\.tsx?$/.test(n));
      const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
      for (const project of ['packages/contracts', 'apps/server', 'apps/web']) {
        // The generated files and what they import, under the project's own compiler options (not the whole tree:
        // the tree is type-checked by CI's own step; this saves most of the ~200 CPU-seconds three full checks took).
        const mine = generated.filter((g) => g.startsWith(`${project}/`)).map((g) => path.relative(project, g));
        // Declarations and module augmentations the files rely on (the test context's provided values).
        const declarations = [...['src', 'test'].map((dir) => `${dir}/**/*.d.ts`), ...['test/global-setup.ts'].filter((f) => fs.existsSync(path.join(tmp, project, f)))];
        fs.writeFileSync(path.join(tmp, project, 'tsconfig.generated.json'), JSON.stringify({ extends: './tsconfig.json', include: [...mine, ...declarations] }));
        const r = spawnSync(process.execPath, [tsc, '-p', `${project}/tsconfig.generated.json`, '--pretty', 'false'], { cwd: tmp, encoding: 'utf8' });
        const errors = r.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
        // Errors of the tree itself (work in progress elsewhere) are not the generator's; the generated files must have none.
        const ours = errors.filter((l) => generated.some((g) => l.startsWith(path.relative(project, g)) || l.startsWith(g)));
        expect(ours, `${project}:\n${errors.join('\n')}`).toEqual([]);
        if (errors.length) console.warn(`tsc ${project}: ${errors.length} error(s) outside the generated module:\n${errors.join('\n')}`);
      }

      // The lint rules of the tree hold for the generated files too.
      const lint = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), ...generated], { cwd: tmp, encoding: 'utf8' });
      expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);

      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST'));
      const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'test/pv-asset.test.ts'], {
        cwd: path.join(tmp, 'apps/server'),
        encoding: 'utf8',
        env,
        timeout: 240_000,
      });
      const out = `${run.stdout}\n${run.stderr}`;
      expect(run.status, out.slice(-3000)).toBe(0);
      expect(out).toMatch(/Tests\s+.*3 passed/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 420_000);
});
