/**
 * Before the workers start: build what is stale (web app, server, database template) once; on PostgreSQL
 * (HELIO_E2E_DATABASE_URL) make the database every walk's server copies (a server's first start: migrated and seeded,
 * then stopped — about 20 servers a run then start as a restart does instead of migrating and seeding each); then
 * launch the server with the simulated fleet that the stations walk reads (e2e/stations.spec.ts). The fleet comes up
 * while the other specs run (its tests wait for it), and is stopped after the run. E2E_STATIONS_URL: use a running
 * one instead.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchServer } from './servers';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/e2e-server.mjs'), '--build-only'], { cwd: ROOT, stdio: 'inherit' });
  const dropTemplate = await pgTemplate();
  if (process.env.E2E_STATIONS_URL) return dropTemplate;
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-fleet-')), 'server.log');
  const fleet = await launchServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '10', HELIO_SIM_INTERVAL: '20' }, log);
  // Read by the workers (they inherit the runner's environment).
  process.env.E2E_STATIONS_URL = fleet.url;
  process.env.E2E_STATIONS_LOG = log;
  return async () => {
    await fleet.stop();
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
    await dropTemplate?.();
  };
}

/** On PostgreSQL: the template database (HELIO_E2E_PG_TEMPLATE, read by the workers' servers); returns its removal. */
async function pgTemplate(): Promise<(() => Promise<void>) | undefined> {
  const admin = process.env.HELIO_E2E_DATABASE_URL;
  if (!admin || process.env.HELIO_E2E_PG_TEMPLATE) return undefined;
  const name = `helio_e2e_tpl_${process.pid}`;
  const drop = () =>
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/e2e-server.mjs'), '--drop-db', name], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, HELIO_E2E_SKIP_BUILD: '1' } });
  drop();
  const server = await launchServer({ HELIO_E2E_PG_KEEP: name });
  await server.ready;
  await server.stop();
  process.env.HELIO_E2E_PG_TEMPLATE = name;
  return async () => {
    try {
      drop();
    } catch {
      // a template left behind is named by this run's process id; the next run does not reuse it
    }
  };
}
