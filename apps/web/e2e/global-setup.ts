/**
 * Before the workers start: build what is stale (web app, server, database template) once, then launch the server
 * with the simulated fleet that the stations walk reads (e2e/stations.spec.ts). The fleet comes up while the other
 * specs run (its tests wait for it), and is stopped after the run. E2E_STATIONS_URL: use a running one instead.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchServer } from './servers';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const root = path.resolve(import.meta.dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/e2e-server.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (process.env.E2E_STATIONS_URL) return undefined;
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-fleet-')), 'server.log');
  const fleet = await launchServer({ HELIO_E2E_SIMULATOR: 'on', HELIO_SIM_STATIONS: '10', HELIO_SIM_INTERVAL: '20' }, log);
  // Read by the workers (they inherit the runner's environment).
  process.env.E2E_STATIONS_URL = fleet.url;
  process.env.E2E_STATIONS_LOG = log;
  return async () => {
    await fleet.stop();
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  };
}
