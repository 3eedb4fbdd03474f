/** A restart on the same data keeps everything and does not seed again; configuration errors are clear. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { param, secret } from '../src/db/schema.js';
import { seed } from '../src/seed/seed.js';

describe('restart on the same data directory', () => {
  it('keeps rows and keys and skips the seed the second time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-restart-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      const r1 = await seed(first.db, { regions: false });
      expect(r1.generatedAdminPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{14}$/);
      await first.db.update(param).set({ paramValue: 'changed-by-admin' }).where(eq(param.paramKey, 'account.registerUser'));
      await first.db.insert(secret).values({ name: 'probe', value: 'kept' });
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      const r2 = await seed(second.db, { regions: false });
      expect(r2.seeded).toEqual([]);
      expect(r2.generatedAdminPassword).toBeUndefined();
      const [p] = await second.db.select().from(param).where(eq(param.paramKey, 'account.registerUser'));
      expect(p!.paramValue).toBe('changed-by-admin');
      const [s] = await second.db.select().from(secret).where(eq(secret.name, 'probe'));
      expect(s!.value).toBe('kept');
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty" is not valid/],
    [{ HELIO_CAPTCHA: 'maybe' }, /HELIO_CAPTCHA="maybe" is not valid: use on or off/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:/],
    [{ HELIO_JWT_SECRET: 'short' }, /at least 32 bytes/],
    [{ HELIO_ADMIN_PASSWORD: 'abc' }, /8 to 64/],
    [{ HELIO_TIMEZONE: 'Mars/Olympus' }, /IANA time zone/],
    [{ HELIO_LOG_LEVEL: 'loud' }, /HELIO_LOG_LEVEL/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, captcha: true, simulator: true, tenantMode: true, switchMode: false, databaseUrl: undefined });
  });
});
