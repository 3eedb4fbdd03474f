/**
 * One device's upgrade: the notify command (URL, size, SHA-256 — docs/device-protocol.md, "OTA"), the progress the
 * device reports as events (codes 801–806, message `<upgradeId>[:detail]`), time-outs, and retry.
 *
 * Progress is read back from the stored device events (`helio_device_event`), so it works whichever process's
 * broker took the report: right after a batch was stored (`telemetry.reported`) and by the `ota.sync` job.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { device } from '../../db/schema-device.js';
import type { OtaFiles } from './ota.files.js';
import { otaError } from './ota.messages.js';
import { ACTIVE_REPORTED, advance, firmwareSlug, OTA_CODE_MAX, OTA_CODE_MIN, parseOtaMessage, type FirmwareSlug, type UpgradeState } from './ota.state.js';
import { otaPackage, otaUpgrade } from './ota.tables.js';
import type { Lang } from '../../core/i18n.js';

export type UpgradeRow = typeof otaUpgrade.$inferSelect;
export type PackageRow = typeof otaPackage.$inferSelect;
export type DeviceRow = typeof device.$inferSelect;

export const NOTIFY_METHOD = 'otaUpgrade';
const NOTIFY_TIMEOUT_MS = 15_000;
/** Notifies a silent device gets in a campaign before its upgrade fails as timed out. */
const MAX_NOTIFY_ATTEMPTS = 3;
export const DEFAULT_UPGRADE_TIMEOUT_MS = 30 * 60_000;

/** The device's current version of the package's firmware type. */
export function versionOf(d: Pick<DeviceRow, 'fwMaster' | 'fwSlave' | 'fwEms' | 'fwDcdc' | 'fwProtocol'>, slug: FirmwareSlug): string | null {
  const v = { master: d.fwMaster, bms: d.fwMaster, slave: d.fwSlave, ems: d.fwEms, dcdc: d.fwDcdc, comm: d.fwProtocol }[slug];
  return v ?? null;
}
export const fwColumn = (slug: FirmwareSlug) =>
  ({ master: device.fwMaster, bms: device.fwMaster, slave: device.fwSlave, ems: device.fwEms, dcdc: device.fwDcdc, comm: device.fwProtocol })[slug];

export class UpgradeService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly files: OtaFiles,
  ) {}

  async packageFor(actor: Actor, id: string, lang: Lang = 'zh-CN'): Promise<PackageRow> {
    const [p] = await this.ctx.db
      .select()
      .from(otaPackage)
      .where(this.ctx.scope(actor).where(otaPackage, eq(otaPackage.id, id), eq(otaPackage.isDeleted, 0)));
    if (!p) throw otaError(lang, 'packageNotFound');
    return p;
  }

  async packageById(id: string): Promise<PackageRow | undefined> {
    const [p] = await this.ctx.db.select().from(otaPackage).where(eq(otaPackage.id, id));
    return p;
  }

  /** A new upgrade row of `d` to `pkg` (not yet written). */
  row(d: DeviceRow, pkg: PackageRow, o: { tenantId: string; campaignId?: string; wave?: number; purpose?: 'upgrade' | 'rollback'; timeoutMs?: number; actor?: Actor }) {
    return {
      id: nextId(),
      tenantId: o.tenantId,
      deviceId: d.id,
      deviceSn: d.deviceSn,
      plantId: d.plantId,
      packageId: pkg.id,
      campaignId: o.campaignId ?? null,
      wave: o.wave ?? 0,
      purpose: o.purpose ?? 'upgrade',
      state: 'queued',
      fromVersion: versionOf(d, firmwareSlug(pkg.firmwareType)),
      toVersion: pkg.firmwareVersion,
      timeoutMs: o.timeoutMs ?? DEFAULT_UPGRADE_TIMEOUT_MS,
      createUser: o.actor?.userId ?? null,
    } satisfies typeof otaUpgrade.$inferInsert;
  }

  /** Upgrades chosen devices now (outside a campaign); each is notified before this returns. */
  async upgradeNow(actor: Actor, packageId: string, sns: string[], lang: Lang): Promise<UpgradeRow[]> {
    const pkg = await this.packageFor(actor, packageId, lang);
    const unique = [...new Set(sns)];
    const devices = await this.ctx.db
      .select()
      .from(device)
      .where(this.ctx.scope(actor).where(device, inArray(device.deviceSn, unique), eq(device.isDeleted, 0)));
    const missing = unique.filter((sn) => !devices.some((d) => d.deviceSn === sn));
    if (missing.length) throw otaError(lang, 'deviceNotFound', { sn: missing[0]!.slice(0, 64) });
    const wrong = devices.find((d) => d.deviceType !== pkg.deviceType);
    if (wrong) throw otaError(lang, 'deviceTypeMismatch', { sn: wrong.deviceSn });
    await this.assertNoneActive(devices.map((d) => d.id), lang);
    const rows = devices.map((d) => this.row(d, pkg, { tenantId: d.tenantId, actor }));
    await this.ctx.db.insert(otaUpgrade).values(rows);
    await Promise.all(rows.map((r) => this.notify(r.id, pkg)));
    return this.ctx.db.select().from(otaUpgrade).where(inArray(otaUpgrade.id, rows.map((r) => r.id)));
  }

  private async assertNoneActive(deviceIds: string[], lang: Lang): Promise<void> {
    if (!deviceIds.length) return;
    const [busy] = await this.ctx.db
      .select({ sn: otaUpgrade.deviceSn })
      .from(otaUpgrade)
      .where(and(inArray(otaUpgrade.deviceId, deviceIds), inArray(otaUpgrade.state, ACTIVE_REPORTED as UpgradeState[])))
      .limit(1);
    if (busy) throw otaError(lang, 'upgradeBusy', { sn: busy.sn });
  }

  /**
   * Sends the notify command of a queued upgrade. The row is `notified` before the command goes out (a fast device
   * may report progress before its reply arrives); a refusal or silence fails it with the reason.
   */
  async notify(upgradeId: string, pkg?: PackageRow, o: { requeue?: boolean } = {}): Promise<void> {
    const [u] = await this.claimNotify([upgradeId]);
    if (u) await this.send(u, pkg, o);
  }

  /**
   * A campaign step's batch: marks the queued ones `notified` (stamped now) in one statement, then sends their
   * commands. Answers when they are marked, with `sent`: the commands' outcome (the devices' answers, up to the
   * notify time-out), which the caller need not wait for before it schedules its next step.
   */
  async notifyBatch(upgradeIds: string[], pkg: PackageRow | undefined, o: { requeue?: boolean } = {}): Promise<{ claimed: number; sent: Promise<void> }> {
    const rows = await this.claimNotify(upgradeIds);
    // Never rejects (it may be awaited late): a failure to record an outcome is logged; the upgrade then ends by
    // its progress reports or its time-out (sync).
    const sent = Promise.all(rows.map((u) => this.send(u, pkg, o))).then(
      () => undefined,
      (err: unknown) => this.ctx.log.warn({ err }, 'ota: recording a notify outcome failed'),
    );
    return { claimed: rows.length, sent };
  }

  private async claimNotify(upgradeIds: string[]): Promise<UpgradeRow[]> {
    if (!upgradeIds.length) return [];
    const now = new Date();
    return this.ctx.db
      .update(otaUpgrade)
      .set({ state: 'notified', notifyTime: now, stateTime: now, progress: 0, attempts: sql`${otaUpgrade.attempts} + 1` })
      .where(and(inArray(otaUpgrade.id, upgradeIds), eq(otaUpgrade.state, 'queued')))
      .returning();
  }

  private async send(u: UpgradeRow, pkg: PackageRow | undefined, o: { requeue?: boolean }): Promise<void> {
    const p = pkg ?? (await this.packageById(u.packageId));
    if (!p) return void (await this.fail(u.id, 'package removed'));
    const url = p.cdnUrl || (await this.files.signedPath(p.fileId)).path;
    try {
      const reply = await this.ctx.devices.send({
        sn: u.deviceSn,
        method: NOTIFY_METHOD,
        params: {
          upgradeId: u.id,
          url,
          size: p.fileSize,
          sha256: p.fileSha256,
          version: p.firmwareVersion,
          firmwareType: firmwareSlug(p.firmwareType),
          force: p.forceUpdate === 1,
        },
        timeoutMs: Math.min(NOTIFY_TIMEOUT_MS, Math.max(1000, Math.round(u.timeoutMs / 4))),
      });
      if (!reply.ok) await this.fail(u.id, `refused: ${String(reply.error ?? 'no reason')}`.slice(0, 255));
    } catch (e) {
      const status = e instanceof BizError ? e.status : 500;
      // A campaign notifies again later: the device path stopping (a restart) costs no attempt; silence costs one.
      if (o.requeue && (status === 503 || (status === 504 && u.attempts < MAX_NOTIFY_ATTEMPTS))) {
        await this.ctx.db
          .update(otaUpgrade)
          .set({
            state: 'queued',
            failReason: status === 504 ? 'no answer to the notify; it is sent again' : null,
            ...(status === 503 ? { attempts: sql`${otaUpgrade.attempts} - 1` } : {}),
          })
          .where(and(eq(otaUpgrade.id, u.id), eq(otaUpgrade.state, 'notified')));
        return;
      }
      await this.fail(u.id, status === 504 ? 'no answer to the notify (timed out)' : status === 503 ? 'device path not running' : 'notify failed');
    }
  }

  async fail(upgradeId: string, reason: string): Promise<void> {
    const now = new Date();
    await this.ctx.db
      .update(otaUpgrade)
      .set({ state: 'failed', failReason: reason.slice(0, 255), stateTime: now, endTime: now })
      .where(and(eq(otaUpgrade.id, upgradeId), sql`${otaUpgrade.state} NOT IN ('updated', 'failed')`));
  }

  async retry(actor: Actor, id: string, lang: Lang): Promise<UpgradeRow> {
    const [u] = await this.ctx.db.select().from(otaUpgrade).where(this.ctx.scope(actor).where(otaUpgrade, eq(otaUpgrade.id, id)));
    if (!u) throw new BizError('recordNotFound');
    if (u.state !== 'failed') throw otaError(lang, 'retryNotFailed');
    await this.assertNoneActive([u.deviceId], lang);
    await this.ctx.db
      .update(otaUpgrade)
      .set({ state: 'queued', failReason: null, reportedVersion: null, endTime: null, progress: 0 })
      .where(and(eq(otaUpgrade.id, id), eq(otaUpgrade.state, 'failed')));
    await this.notify(id);
    const [after] = await this.ctx.db.select().from(otaUpgrade).where(eq(otaUpgrade.id, id));
    return after!;
  }

  /**
   * Applies the progress events of every running upgrade and fails those past their time-out. Returns how many
   * upgrades changed.
   */
  async sync(now = new Date()): Promise<number> {
    const active = ACTIVE_REPORTED.map((s) => sql`${s}`);
    const events = await this.ctx.database.rows<{ id: string; state: string; to_version: string; code: number; message: string | null }>(sql`
      SELECT u.id::text AS id, u.state, u.to_version, e.code, e.message
      FROM helio_ota_upgrade u JOIN helio_device_event e ON e.device_id = u.device_id
      WHERE u.state IN (${sql.join(active, sql`, `)}) AND e.code BETWEEN ${OTA_CODE_MIN} AND ${OTA_CODE_MAX}
        AND e.ts >= u.notify_time - interval '10 minutes'
      ORDER BY e.ts, e.code`);
    const next = new Map<string, { from: string; state: UpgradeState; progress?: number; reason?: string; version?: string; toVersion: string }>();
    for (const e of events) {
      const m = parseOtaMessage(e.code, e.message);
      if (!m || m.upgradeId !== e.id) continue;
      const cur = next.get(e.id) ?? { from: e.state, state: e.state as UpgradeState, toVersion: e.to_version };
      const to = advance(cur.state, m.state);
      if (m.state === 'downloading' && (to || cur.state === 'downloading')) {
        const pct = Number.parseInt(m.detail, 10);
        if (Number.isFinite(pct)) cur.progress = Math.min(100, Math.max(cur.progress ?? 0, pct));
      }
      if (to) {
        cur.state = to;
        if (to === 'failed') cur.reason = m.detail || 'failed on the device';
        if (to === 'updated') cur.version = m.detail || undefined;
      }
      next.set(e.id, cur);
    }
    let changed = 0;
    for (const [id, n] of next) {
      if (n.state === n.from && n.progress === undefined) continue;
      let state = n.state;
      let reason = n.reason ?? null;
      if (state === 'updated' && n.version && n.version !== n.toVersion) {
        state = 'failed';
        reason = `reported version ${n.version}, expected ${n.toVersion}`;
      }
      const done = state === 'updated' || state === 'failed';
      const r = await this.ctx.db
        .update(otaUpgrade)
        .set({
          state,
          stateTime: now,
          ...(n.progress !== undefined ? { progress: n.progress } : {}),
          ...(['downloaded', 'verifying', 'updating', 'updated'].includes(state) ? { progress: 100 } : {}),
          ...(reason ? { failReason: reason.slice(0, 255) } : {}),
          ...(n.version ? { reportedVersion: n.version.slice(0, 32) } : {}),
          ...(done ? { endTime: now } : {}),
        })
        .where(and(eq(otaUpgrade.id, id), eq(otaUpgrade.state, n.from)))
        .returning({ id: otaUpgrade.id });
      changed += r.length;
    }
    const timedOut = await this.ctx.database.rows<{ id: string }>(sql`
      UPDATE helio_ota_upgrade SET state = 'failed', fail_reason = 'timed out', state_time = ${now.toISOString()}::timestamptz,
        end_time = ${now.toISOString()}::timestamptz
      WHERE state IN (${sql.join(active, sql`, `)})
        AND notify_time + (timeout_ms || ' milliseconds')::interval < ${now.toISOString()}::timestamptz
      RETURNING id::text AS id`);
    return changed + timedOut.length;
  }
}
