/**
 * The real server as a child process, for tests where the process itself is under test (a crash, an unhandled
 * `error` event, a kill): a bundle of src/main.ts of its own (so parallel test files never rebuild a bundle another
 * one is starting), free ports, a fresh PostgreSQL database, and a TCP proxy that can cut the database's network.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { modulesGlobPlugin } from '../modules-glob-plugin.mjs';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * Bundles src/main.ts and the server it loads (src/server-main.ts) as build.mjs does, npm packages outside, into
 * apps/server/dist/test-<name>/ (ignored by git and lint); returns the path of main.js and a function removing the bundle.
 */
export async function buildServer(name: string): Promise<{ mainJs: string; remove(): void }> {
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const outdir = path.join(SERVER_DIR, 'dist', `test-${name}`);
  await build({
    entryPoints: [path.join(SERVER_DIR, 'src/main.ts'), path.join(SERVER_DIR, 'src/server-main.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies ?? {}),
    logLevel: 'warning',
    // The kernel finds modules by reading src/modules/ at start; a bundle has them imported statically instead.
    plugins: [modulesGlobPlugin(path.join(SERVER_DIR, 'src'))],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return { mainJs: path.join(outdir, 'main.js'), remove: () => fs.rmSync(outdir, { recursive: true, force: true }) };
}

export interface ChildServer {
  child: ChildProcess;
  output(): string;
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `main.js` with exactly `env` (plus PATH and HOME) and waits for its start-up banner. */
export async function startServer(mainJs: string, env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const server: ChildServer = {
    child,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async (signal = 'SIGTERM') => {
      if (!server.alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
  const end = Date.now() + timeoutMs;
  while (!out.includes('Helio is running')) {
    if (!server.alive()) throw new Error(`server exited ${child.exitCode ?? child.signalCode}:\n${out}`);
    if (Date.now() > end) {
      await server.stop('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** A new PostgreSQL database next to `base` (a copy of `template` when given); `drop()` removes it. */
export async function createPgDatabase(base: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A loopback TCP forwarder in front of the database. `cut()` is a network outage: open connections are reset
 * (ECONNRESET on the server's side) and new ones refused (ECONNREFUSED) until `restore()`.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((down) => {
      const up = net.connect(this.targetPort, this.targetHost);
      for (const s of [down, up]) {
        this.sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => this.sockets.delete(s));
      }
      down.pipe(up);
      up.pipe(down);
      down.on('close', () => up.destroy());
      up.on('close', () => down.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise((r) => server.close(r)) : Promise.resolve();
    for (const s of this.sockets) s.resetAndDestroy();
    await closed;
  }

  async restore(): Promise<void> {
    if (!this.server) await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
