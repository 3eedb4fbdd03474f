// Server for the Playwright suite: fresh temporary data, captcha and simulator off, a known admin password.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib.mjs';

buildIfStale();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-'));
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '8181',
    HELIO_DATA_DIR: dataDir,
    HELIO_CAPTCHA: process.env.HELIO_CAPTCHA ?? 'off',
    HELIO_SIMULATOR: 'off',
    HELIO_ADMIN_PASSWORD: 'Helio-Admin-2026',
    // Port 0: the embedded broker takes a free port (e2e servers never collide with each other or Mosquitto).
    HELIO_MQTT_PORT: process.env.HELIO_MQTT_PORT ?? '0',
    HELIO_LOG_LEVEL: 'warn',
    HELIO_LOGIN_IP_MAX_FAILURES: '10000',
    // Guest registration is off by default (issue 11); the register walk (e2e/register.spec.ts) needs it on.
    HELIO_REGISTER_MODE: 'on',
  },
});
const stop = () => {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stop(); process.exit(0); });
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
