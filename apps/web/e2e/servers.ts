/**
 * Servers of the suite, from scripts/e2e-server.mjs (built once by the global setup): each on a free port with a fresh
 * data dir, removed when it stops.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

export interface LaunchedServer extends E2EServer {
  /** Resolves once the server answers; rejects with its output when it exits or stays silent for 120 s. */
  ready: Promise<void>;
}

/** A free loopback port (the servers' HTTP; the broker of a fleet server that devices are played against). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts scripts/e2e-server.mjs on a free port without waiting for it. `env` adds to the e2e server's settings (e.g.
 * HELIO_CAPTCHA=on); `logFile`, when given, receives the server's output as it comes.
 */
export async function launchServer(env: Record<string, string> = {}, logFile?: string): Promise<LaunchedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/e2e-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HELIO_E2E_SKIP_BUILD: '1', ...env },
  });
  let out = '';
  const log = logFile ? fs.createWriteStream(logFile) : undefined;
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
    log?.write(d);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!gone()) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
    }
    log?.end();
  };
  const ready = (async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (gone()) throw new Error(`the e2e server on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${out}`);
      const answer = await fetch(`${url}/api/helio/public-settings`).catch(() => undefined);
      if (answer?.ok) return;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the e2e server on port ${port} did not answer within 120 s:\n${out}`);
      }
      await sleep(150);
    }
  })();
  ready.catch(() => undefined); // a launch nobody waits on must not end the process
  return { url, stop, ready };
}

/** Starts a server and waits until it answers (another port when the free one was taken meanwhile). */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  for (let attempt = 1; ; attempt++) {
    const server = await launchServer(env);
    try {
      await server.ready;
      return server;
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('EADDRINUSE')) throw e;
    }
  }
}
