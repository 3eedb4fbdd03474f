/**
 * The server proper, loaded by the entry point (`main.ts`) once it has started opening the embedded database: open
 * and migrate the database, seed it on first start, serve.
 */
import path from 'node:path';
import { ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { openServerDatabase } from './db/template.js';
import { KeyConfigError } from './modules/auth/index.js';
import type { EmbeddedOpen } from './db/template-install.js';
import { seed } from './seed/seed.js';
import { startLock } from './db/start-lock.js';
import './modules/demo/index.js';
import { BrokerPortInUseError } from './modules/telemetry/index.js';

/**
 * A lost PostgreSQL connection is handled where it is used (the query fails: HTTP answers 503, the ingest retries);
 * the log gets one line per 10 s with the number of connections lost, not one per connection of an outage.
 */
function connectionLostLog(): (err: Error) => void {
  let last = 0;
  let suppressed = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < 10_000) {
      suppressed++;
      return;
    }
    const more = suppressed ? ` (and ${suppressed} more since the last report)` : '';
    console.warn(`PostgreSQL connection lost: ${err.message}${more}; it will be replaced`);
    last = now;
    suppressed = 0;
  };
}

/** `early`: PGlite being opened by the entry point; `started`: when the process began loading (for "ready in"). */
export async function runServer(config: Config, early: Promise<EmbeddedOpen> | undefined, started: number): Promise<void> {
  // Several processes starting at once on one PostgreSQL: migrations, seed, reference data and the modules' start run
  // in one at a time (db/start-lock.ts).
  const unlock = await startLock(config.databaseUrl);
  // PGlite: a first start copies the database template (db/template.ts); migrations run only when behind.
  const database = await openServerDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    onPoolError: connectionLostLog(),
    statementTimeoutMs: config.dbStatementTimeoutMs,
    ...(early ? { early } : {}),
  });
  const seeded = await seed(database.db, { adminPassword: config.adminPassword });
  const built = await buildApp(config, { database });
  const { app } = built;

  let stopping = false;
  // The start-up steps after listen (device path, demo fleet) use the database: a signal that arrives meanwhile
  // waits for them before closing the pool under them.
  let starting: Promise<unknown> = Promise.resolve();
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopping = true;
    setTimeout(() => process.exit(1), 15_000).unref(); // never hang on a stuck connection
    await starting;
    await built.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`\nHelio cannot start: port ${config.port} is already in use. Set PORT to another port.\n`);
      process.exit(1);
    }
    throw e;
  }
  // Each module's start, in order (the device path, then the demo fleet), and the jobs.
  try {
    starting = built.start();
    await starting;
    await unlock();
  } catch (e) {
    await unlock();
    if (stopping) return; // shut down while starting: nothing to report
    if (e instanceof BrokerPortInUseError) {
      console.error(`\nHelio cannot start: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  if (stopping) return;
  const kernel = built.services.kernel;
  const telemetry = kernel.use('telemetry').running()!;
  const demoLine = kernel.use('demo').summary() ?? '';
  const address = app.server.address();
  const url = `http://localhost:${address && typeof address === 'object' ? address.port : config.port}`;
  const lines = [
    '',
    `  Helio is running at ${url}   (API docs: ${url}/api/docs)`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}` +
      `; ready in ${Date.now() - started} ms${seeded.seeded.length ? ` (first start: seeded ${seeded.seeded.join(', ')})` : ''}`,
    `  Sign in: tenant 000000, account admin, password ` +
      (seeded.generatedAdminPassword
        ? `${seeded.generatedAdminPassword}\n  (generated on this first start and shown only now — note it down, then change it under Personal info)`
        : config.adminPassword
          ? '(the HELIO_ADMIN_PASSWORD given at first start)'
          : '(as printed on the first start)'),
    ...(demoLine ? [demoLine] : []),
    ...(demoLine && seeded.seeded.length ? ['  Demo orders: being seeded (their accounts are printed below when ready)'] : []),
    `  MQTT: ${telemetry.broker.kind === 'embedded' ? `embedded broker on port ${telemetry.broker.port} (devices sign in with SN and secret)` : `consuming ${config.mqttUrl} (shared subscription)`}`,
    config.captcha ? '' : '  Captcha is off (HELIO_CAPTCHA=off).',
    '',
  ];
  console.log(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n'));
  // The demo orders go in after the message (a first start answers sign-ins sooner); their accounts follow it.
  void kernel
    .use('demo')
    .orders()
    .then((demoOrders) => {
      if (demoOrders && !stopping) console.log(`${demoOrders}\n`);
    });
}

/** The start's failures a user can act on, said plainly; anything else with its stack. */
export function startFailed(e: unknown): never {
  if (e instanceof ConfigError || e instanceof KeyConfigError) {
    console.error(`\nHelio configuration error: ${e.message}\n`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
}
