/**
 * Several Helio processes starting at once on one PostgreSQL (issue 21): the steps that write shared set-up — the
 * migrations, the first start's seed, the modules' reference data and their start (the demo fleet) — run in one
 * process at a time, under a session-level advisory lock on a connection of its own; the others wait, then find the
 * work done. PGlite is one process by nature: no lock.
 */

/** The lock's key: "helio" + "start" in a 64-bit integer, fixed so every version of Helio takes the same lock. */
const START_LOCK = '7809644370563772268';

export async function startLock(databaseUrl: string | undefined): Promise<() => Promise<void>> {
  if (!databaseUrl) return async () => undefined;
  const { default: pg } = await import('pg'); // only with DATABASE_URL (core/lazy-import.ts)
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // a connection lost while held ends the lock with it; the start carries on
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK]);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [START_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}
