// `npm run dev`: server with file watching (tsx) and the Vite dev server proxying /api to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const run = (args) => spawn('npm', args, { cwd: root, stdio: 'inherit', env: process.env });
const procs = [run(['run', 'dev', '-w', 'apps/server']), run(['run', 'dev', '-w', 'apps/web'])];
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => procs.forEach((p) => p.kill(sig)));
