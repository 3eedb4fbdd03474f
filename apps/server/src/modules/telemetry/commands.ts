/**
 * Device commands (docs/device-protocol.md, "Commands"): Helio publishes `helio/v1/{sn}/cmd/req/{id}` (QoS 1,
 * never retained) and waits for the device's `helio/v1/{sn}/cmd/resp/{id}`. Each command is a row of
 * `helio_device_command`; a reply settles it once (only from the device it was sent to, only while `sent`), on
 * whichever process receives it — with an external broker's shared subscription that may be another one, so a
 * waiter also looks at its row now and then. No answer in time: the row is `expired` and the caller gets a 504.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { isPlatform } from '../../core/tenant.js';
import type { Database } from '../../db/client.js';
import type { DeviceCommand, DeviceCommands, DeviceReply } from '../../kernel/types.js';
import type { DeviceDirectory, Outcome } from './ingest.service.js';
import { TOPIC_PREFIX } from './ingest.service.js';
import { deviceCommand } from './telemetry.tables.js';

export const METHOD_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const MAX_REPLY_BYTES = 16 * 1024;
const MAX_TIMEOUT_MS = 10 * 60_000;

export type Publish = (topic: string, payload: Buffer) => Promise<void>;

interface Waiter {
  resolve(reply: DeviceReply): void;
}

export class DeviceCommandService implements DeviceCommands {
  private readonly waiters = new Map<string, Waiter>();
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly devices: DeviceDirectory,
    private readonly publish: Publish,
    /** How often a waiter reads its row (another process may have received the reply); 0: never. */
    private readonly pollMs: number,
  ) {}

  async send(cmd: DeviceCommand): Promise<DeviceReply> {
    if (this.closed) throw new BizError('devicePathDown', {}, 503);
    if (!METHOD_PATTERN.test(cmd.method)) throw new BizError('badRequest');
    const device = await this.devices.get(cmd.sn);
    // Another tenant's device is answered as a missing one: its existence is not the caller's to know.
    if (!device || (cmd.actor && !isPlatform(cmd.actor) && cmd.actor.tenantId !== device.tenantId)) {
      throw new BizError('deviceUnknown', {}, 404);
    }
    const timeoutMs = Math.min(Math.max(cmd.timeoutMs ?? 30_000, 100), MAX_TIMEOUT_MS);
    const id = nextId();
    const expires = new Date(Date.now() + timeoutMs);
    await this.database.db.insert(deviceCommand).values({
      id,
      tenantId: device.tenantId,
      deviceSn: device.sn,
      method: cmd.method,
      params: cmd.params ?? {},
      createUser: cmd.actor?.userId ?? null,
      expiresAt: expires,
    });
    const reply = new Promise<DeviceReply>((resolve) => this.waiters.set(id, { resolve }));
    try {
      const body = { ts: Date.now(), method: cmd.method, params: cmd.params ?? {}, expires: expires.getTime() };
      await this.publish(`${TOPIC_PREFIX}${device.sn}/cmd/req/${id}`, Buffer.from(JSON.stringify(body)));
      const answered = await this.wait(id, reply, timeoutMs);
      if (answered) return answered;
      // Expire it unless the reply won the race on another process in the meantime.
      const [late] = await this.database.db
        .update(deviceCommand)
        .set({ status: 'expired' })
        .where(and(eq(deviceCommand.id, id), eq(deviceCommand.status, 'sent')))
        .returning({ id: deviceCommand.id });
      if (!late) {
        const settled = await this.read(id);
        if (settled) return settled;
      }
      throw new BizError('deviceNoReply', { seconds: Math.round(timeoutMs / 1000) }, 504);
    } finally {
      this.waiters.delete(id);
    }
  }

  /** A reply from device `sn` (already authenticated for its topic): settles the command once. */
  async reply(sn: string, id: string, payload: Buffer | Uint8Array | string): Promise<Outcome> {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload);
    if (bytes.length > MAX_REPLY_BYTES) return { status: 'rejected', reason: 'too_large', detail: 'command reply' };
    let body: { ok?: unknown; result?: unknown; error?: unknown };
    try {
      body = JSON.parse(bytes.toString('utf8')) as typeof body;
    } catch {
      return { status: 'rejected', reason: 'malformed', detail: 'command reply is not JSON' };
    }
    if (!body || typeof body !== 'object' || typeof body.ok !== 'boolean') {
      return { status: 'rejected', reason: 'malformed', detail: 'command reply without "ok"' };
    }
    if (!/^\d{1,19}$/.test(id)) return { status: 'rejected', reason: 'unsupported_topic', detail: 'no such command' };
    const error = body.ok ? null : typeof body.error === 'string' ? body.error.slice(0, 500) : 'failed';
    const [row] = await this.database.db
      .update(deviceCommand)
      .set({ status: body.ok ? 'ok' : 'error', result: body.ok ? (body.result ?? null) : null, error, repliedAt: new Date() })
      .where(and(eq(deviceCommand.id, id), eq(deviceCommand.deviceSn, sn), eq(deviceCommand.status, 'sent')))
      .returning({ id: deviceCommand.id });
    if (!row) return { status: 'rejected', reason: 'unsupported_topic', detail: 'no open command with this id' };
    this.waiters.get(id)?.resolve({ id, ok: body.ok, ...(body.ok ? { result: body.result ?? null } : { error: error! }) });
    return { status: 'stored' };
  }

  close(): void {
    this.closed = true;
  }

  private async wait(id: string, reply: Promise<DeviceReply>, timeoutMs: number): Promise<DeviceReply | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const slice = this.pollMs > 0 ? Math.min(this.pollMs, deadline - Date.now()) : deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const tick = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), slice)));
      const got = await Promise.race([reply, tick]);
      clearTimeout(timer);
      if (got) return got;
      if (this.pollMs > 0) {
        const settled = await this.read(id);
        if (settled) return settled;
      }
    }
    return undefined;
  }

  private async read(id: string): Promise<DeviceReply | undefined> {
    const [row] = await this.database.db.select().from(deviceCommand).where(eq(deviceCommand.id, id));
    if (!row || row.status === 'sent' || row.status === 'expired') return undefined;
    return row.status === 'ok' ? { id, ok: true, result: row.result } : { id, ok: false, error: row.error ?? 'failed' };
  }
}

/** Commands whose waiter is gone (its process stopped): `expired` a minute after their deadline (a recurring job). */
export async function expireAbandonedCommands(database: Database): Promise<void> {
  await database.rows(sql`UPDATE helio_device_command SET status = 'expired' WHERE status = 'sent' AND expires_at < now() - interval '1 minute'`);
}
