/**
 * Entry point: validate configuration, then load the server (`server-main.ts`) and run it. With the embedded
 * database the first steps start here, before the server's modules load (about a second of a start): a first start
 * copies the database template on libuv's threads and a restart opens PGlite (its WebAssembly compiles on V8's
 * threads) while the main thread loads the rest (issue 13, BENCHMARKS.md).
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openEmbedded } from './db/template-install.js';
import type * as ServerMain from './server-main.js';

const started = Date.now();
let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(`\nHelio configuration error: ${e.message}\n`);
  process.exit(2);
}
const early = config.databaseUrl ? undefined : openEmbedded(path.join(config.dataDir, 'pglite'));
early?.catch(() => undefined); // awaited (and reported) by the server's start
// A separate bundle (build.mjs), imported by a computed name so that it is not folded into this one.
const server = new URL(import.meta.url.endsWith('.ts') ? './server-main.ts' : './server-main.js', import.meta.url).href;
const { runServer, startFailed } = (await import(server)) as typeof ServerMain;
await runServer(config, early, started).catch(startFailed);
