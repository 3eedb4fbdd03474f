/**
 * Staged campaigns: the matching devices are planned into a canary (wave 0) and waves; a durable step job
 * (`ota.campaign-step`, one firing across processes, kept across restarts) notifies the current wave's queued
 * devices at the pace and only inside each station's maintenance window, and when a wave has finished either moves
 * on or halts the campaign (failure share above the threshold). A halted campaign resumes at its next wave or rolls
 * back: the devices it upgraded are flashed with the previous package. Each step carries the campaign's step
 * counter; a step that finds the counter moved (it already ran) does nothing.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { CampaignBody, CampaignFilter } from '@helio/contracts/modules/ota/ota.api';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { formatDateTime } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import { parsePaging } from '../../core/list-query.js';
import { nextId } from '../../core/ids.js';
import { device, plant } from '../../db/schema-device.js';
import { otaError, otaText } from './ota.messages.js';
import { campaignActionAllowed, firmwareSlug, inWindow, pacing, planWaves, runGapMs, stepBudget, UPGRADE_STATES, waveVerdict, type CampaignAction } from './ota.state.js';
import { otaCampaign, otaPackage, otaUpgrade } from './ota.tables.js';
import { fwColumn, type UpgradeService } from './ota.upgrade.js';

export const STEP_JOB = 'ota.campaign-step';
export type CampaignRow = typeof otaCampaign.$inferSelect;
const DEFAULT_TICK_MS = 5000;

export class CampaignService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly upgrades: UpgradeService,
  ) {}

  async create(actor: Actor, body: Static<typeof CampaignBody>, lang: Lang) {
    const pkg = await this.upgrades.packageFor(actor, body.packageId, lang);
    const targets = await this.targets(actor, pkg, body.filter);
    if (!targets.length) throw otaError(lang, 'noTargets');
    const waves = planWaves(targets.length, body.canaryPercent, body.waveSize);
    const id = nextId();
    const timeoutMs = Math.round((body.upgradeTimeoutMinutes ?? 30) * 60_000);
    await this.ctx.tx(async (tx) => {
      await tx.insert(otaCampaign).values({
        id,
        tenantId: actor.tenantId,
        campaignName: body.campaignName,
        packageId: pkg.id,
        filter: body.filter,
        state: 'running',
        canaryPercent: body.canaryPercent,
        waveSize: body.waveSize,
        pacePerMinute: body.pacePerMinute,
        failureThreshold: body.failureThreshold,
        windowStart: body.windowStart,
        windowEnd: body.windowEnd,
        upgradeTimeoutMs: timeoutMs,
        tickMs: body.tickMs ?? DEFAULT_TICK_MS,
        waveCount: Math.max(...waves) + 1,
        startTime: new Date(),
        createUser: actor.userId,
      });
      const rows = targets.map((d, i) => this.upgrades.row(d, pkg, { tenantId: d.tenantId, campaignId: id, wave: waves[i]!, timeoutMs, actor }));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(otaUpgrade).values(rows.slice(i, i + 500));
    });
    await this.schedule(id, 0, new Date());
    return this.vo(await this.load(id), lang);
  }

  /** Devices of the package's type the actor may see, matching the filter, not already on the package's version. */
  private async targets(actor: Actor, pkg: typeof otaPackage.$inferSelect, f: Static<typeof CampaignFilter>) {
    const col = fwColumn(firmwareSlug(pkg.firmwareType));
    return this.ctx.db
      .select()
      .from(device)
      .where(
        this.ctx.scope(actor).where(
          device,
          eq(device.isDeleted, 0),
          eq(device.deviceType, pkg.deviceType),
          f.model ? eq(device.model, f.model) : undefined,
          f.currentVersion ? eq(col, f.currentVersion) : undefined,
          f.plantId ? eq(device.plantId, f.plantId) : undefined,
          f.deviceSns?.length ? inArray(device.deviceSn, f.deviceSns) : undefined,
          sql`${col} IS DISTINCT FROM ${pkg.firmwareVersion}`,
        ),
      )
      .orderBy(asc(device.deviceSn));
  }

  private async schedule(id: string, step: number, runAt: Date): Promise<void> {
    await this.ctx.jobs.enqueue(STEP_JOB, { campaignId: id, step }, { runAt, key: `ota:campaign:${id}:${step}` });
  }

  async load(id: string): Promise<CampaignRow> {
    const [c] = await this.ctx.db.select().from(otaCampaign).where(eq(otaCampaign.id, id));
    return c!;
  }

  private async scoped(actor: Actor, id: string, lang: Lang): Promise<CampaignRow> {
    const [c] = await this.ctx.db.select().from(otaCampaign).where(this.ctx.scope(actor).where(otaCampaign, eq(otaCampaign.id, id)));
    if (!c) throw otaError(lang, 'campaignNotFound');
    return c;
  }

  /** One step of a running (or rolling back) campaign; `step` must be the campaign's current step. */
  async step(campaignId: string, step: number, now = new Date()): Promise<void> {
    const c = await this.load(campaignId);
    if (!c || (c.state !== 'running' && c.state !== 'rolling_back')) return;
    // A retry of a step that claimed the campaign and then failed (the database busy on a loaded machine) before it
    // scheduled the next one: schedule it now, or the campaign would stay running with no step to come. When the
    // next step exists already, its key keeps it single; when it has run, the counter has moved past step + 1.
    if (c.step === step + 1) return this.schedule(c.id, step + 1, new Date());
    if (c.step !== step) return;
    const claimed = await this.ctx.db
      .update(otaCampaign)
      .set({ step: step + 1, updateTime: now })
      .where(and(eq(otaCampaign.id, campaignId), eq(otaCampaign.step, step)))
      .returning({ id: otaCampaign.id });
    if (!claimed.length) return;
    await this.upgrades.sync(now);
    const purpose = c.state === 'rolling_back' ? 'rollback' : 'upgrade';
    const wave = purpose === 'rollback' ? 0 : c.currentWave;
    const inWave = and(eq(otaUpgrade.campaignId, c.id), eq(otaUpgrade.purpose, purpose), eq(otaUpgrade.wave, wave));
    const queued = await this.ctx.db
      .select({ id: otaUpgrade.id, tz: plant.timeZone })
      .from(otaUpgrade)
      .leftJoin(plant, eq(plant.id, otaUpgrade.plantId))
      .where(and(inWave, eq(otaUpgrade.state, 'queued')))
      .orderBy(asc(otaUpgrade.deviceSn));
    if (queued.length) {
      // The pace over time, whatever the job poll adds to each interval: the wave's budget counted from the first
      // notify of its current run (ota.state.ts `stepBudget`), only for devices inside their maintenance window.
      const { everyMs } = pacing(c.pacePerMinute);
      const inside = queued.filter((q) => inWindow(now, q.tz ?? 'UTC', c.windowStart, c.windowEnd));
      let open: typeof inside = [];
      if (inside.length) {
        const run = await this.currentRun(c, purpose, wave, now);
        // Elapsed up to the notifies about to be stamped (the sync and the reads above take a while on a busy
        // machine); the wait ahead from the steps' starts (this one's and the previous one's claim).
        const at = Math.max(now.getTime(), Date.now());
        const previousStepMs = c.updateTime ? c.updateTime.getTime() + (at - now.getTime()) : undefined;
        const budget = stepBudget(c.pacePerMinute, { nowMs: at, runStartMs: run.startMs, notified: run.notified, previousStepMs });
        open = inside.slice(0, budget);
      }
      let sent: Promise<void> | undefined;
      if (open.length) {
        const pkg = await this.upgrades.packageById((await this.ctx.db.select({ p: otaUpgrade.packageId }).from(otaUpgrade).where(eq(otaUpgrade.id, open[0]!.id)))[0]!.p);
        ({ sent } = await this.upgrades.notifyBatch(open.map((q) => q.id), pkg, { requeue: true }));
      }
      // The next step does not wait for this one's devices to answer (one slow answer held a whole step for up to
      // the notify time-out); this job still ends only when they have.
      await this.schedule(c.id, step + 1, new Date(Date.now() + (inside.length ? everyMs : c.tickMs)));
      return sent;
    }
    const [tally] = await this.ctx.db
      .select({
        total: count(),
        failed: sql<number>`count(*) FILTER (WHERE ${otaUpgrade.state} = 'failed')::int`,
        open: sql<number>`count(*) FILTER (WHERE ${otaUpgrade.state} NOT IN ('updated', 'failed'))::int`,
      })
      .from(otaUpgrade)
      .where(inWave);
    if (tally!.open > 0) return this.schedule(c.id, step + 1, new Date(Date.now() + c.tickMs));
    if (purpose === 'rollback') return void (await this.finish(c.id, 'rolled_back'));
    if (waveVerdict(tally!.total, tally!.failed, c.failureThreshold) === 'halt') {
      // Stored as data, worded in the reader's language (haltReasonText).
      const reason = `failureRate:${wave}:${tally!.failed}:${tally!.total}:${c.failureThreshold}`;
      await this.ctx.db.update(otaCampaign).set({ state: 'halted', haltReason: reason, updateTime: new Date() }).where(eq(otaCampaign.id, c.id));
      return;
    }
    if (wave + 1 >= c.waveCount) return void (await this.finish(c.id, 'done'));
    await this.ctx.db.update(otaCampaign).set({ currentWave: wave + 1 }).where(eq(otaCampaign.id, c.id));
    return this.schedule(c.id, step + 1, new Date());
  }

  /**
   * The wave's current pacing run (ota.state.ts `stepBudget`): the first notify after the last pause longer than
   * `runGapMs` between two notifies, and how many devices were notified since; none when the wave has no notify yet
   * or its last one is older than that pause.
   */
  private async currentRun(c: CampaignRow, purpose: string, wave: number, now: Date): Promise<{ startMs?: number; notified: number }> {
    const gap = runGapMs(c.pacePerMinute);
    const [r] = await this.ctx.database.rows<{ start: number | string | null; last: number | string | null; notified: number | string }>(sql`
      WITH n AS (
        SELECT notify_time AS t, notify_time - lag(notify_time) OVER (ORDER BY notify_time) AS pause
        FROM helio_ota_upgrade
        WHERE campaign_id = ${c.id} AND purpose = ${purpose} AND wave = ${wave} AND notify_time IS NOT NULL
      ), s AS (
        SELECT max(t) FILTER (WHERE pause IS NULL OR pause > ${`${gap} milliseconds`}::interval) AS start, max(t) AS last FROM n
      )
      SELECT (extract(epoch FROM s.start) * 1000)::float8 AS start, (extract(epoch FROM s.last) * 1000)::float8 AS last,
        (SELECT count(*) FROM n WHERE n.t >= s.start)::int AS notified
      FROM s`);
    if (!r || r.start === null || r.last === null || now.getTime() - Number(r.last) > gap) return { notified: 0 };
    return { startMs: Number(r.start), notified: Number(r.notified) };
  }

  private async finish(id: string, state: 'done' | 'rolled_back' | 'cancelled'): Promise<void> {
    const now = new Date();
    await this.ctx.db.update(otaCampaign).set({ state, endTime: now, updateTime: now }).where(eq(otaCampaign.id, id));
  }

  async act(actor: Actor, action: CampaignAction, id: string, rollbackPackageId: string | undefined, lang: Lang) {
    const c = await this.scoped(actor, id, lang);
    if (!campaignActionAllowed(c.state, action)) throw otaError(lang, 'campaignState');
    const next = c.step + 1;
    if (action === 'cancel') {
      await this.ctx.db.update(otaCampaign).set({ step: next }).where(eq(otaCampaign.id, id));
      await this.ctx.db
        .update(otaUpgrade)
        .set({ state: 'failed', failReason: 'campaign cancelled', endTime: new Date() })
        .where(and(eq(otaUpgrade.campaignId, id), eq(otaUpgrade.state, 'queued')));
      await this.finish(id, 'cancelled');
    } else if (action === 'resume') {
      if (c.currentWave + 1 >= c.waveCount) await this.finish(id, 'done');
      else {
        await this.ctx.db.update(otaCampaign).set({ state: 'running', haltReason: null, currentWave: c.currentWave + 1, step: next }).where(eq(otaCampaign.id, id));
        await this.schedule(id, next, new Date());
      }
    } else {
      await this.rollback(actor, c, rollbackPackageId, lang, next);
    }
    return this.vo(await this.load(id), lang);
  }

  private async rollback(actor: Actor, c: CampaignRow, rollbackPackageId: string | undefined, lang: Lang, next: number): Promise<void> {
    const upgraded = await this.ctx.db
      .select()
      .from(otaUpgrade)
      .where(and(eq(otaUpgrade.campaignId, c.id), eq(otaUpgrade.purpose, 'upgrade'), eq(otaUpgrade.state, 'updated')));
    if (!upgraded.length) {
      await this.ctx.db.update(otaCampaign).set({ step: next }).where(eq(otaCampaign.id, c.id));
      return this.finish(c.id, 'rolled_back');
    }
    const pkg = await this.upgrades.packageById(c.packageId);
    let back = rollbackPackageId ? await this.upgrades.packageFor(actor, rollbackPackageId, lang) : undefined;
    if (!back && pkg) {
      const versions = new Map<string, number>();
      for (const u of upgraded) if (u.fromVersion) versions.set(u.fromVersion, (versions.get(u.fromVersion) ?? 0) + 1);
      const previous = [...versions.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
      if (previous) {
        [back] = await this.ctx.db
          .select()
          .from(otaPackage)
          .where(
            and(
              eq(otaPackage.tenantId, pkg.tenantId),
              eq(otaPackage.deviceType, pkg.deviceType),
              eq(otaPackage.firmwareType, pkg.firmwareType),
              eq(otaPackage.firmwareVersion, previous),
              eq(otaPackage.isDeleted, 0),
            ),
          )
          .orderBy(desc(otaPackage.createTime))
          .limit(1);
      }
    }
    if (!back) throw otaError(lang, 'noRollbackPackage');
    const devices = await this.ctx.db.select().from(device).where(inArray(device.id, upgraded.map((u) => u.deviceId)));
    const rows = devices.map((d) => ({
      ...this.upgrades.row(d, back, { tenantId: d.tenantId, campaignId: c.id, wave: 0, purpose: 'rollback', timeoutMs: c.upgradeTimeoutMs, actor }),
      fromVersion: c.packageId === back.id ? null : pkg?.firmwareVersion ?? null,
    }));
    await this.ctx.tx(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(otaUpgrade).values(rows.slice(i, i + 500));
      await tx.update(otaCampaign).set({ state: 'rolling_back', rollbackPackageId: back.id, step: next }).where(eq(otaCampaign.id, c.id));
    });
    await this.schedule(c.id, next, new Date());
  }

  async list(actor: Actor, q: Record<string, unknown>, lang: Lang) {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where = this.ctx.scope(actor).where(
      otaCampaign,
      typeof q.state === 'string' && q.state ? eq(otaCampaign.state, q.state) : undefined,
      typeof q.packageId === 'string' && /^\d{1,20}$/.test(q.packageId) ? eq(otaCampaign.packageId, q.packageId) : undefined,
    );
    const rows = await this.ctx.db.select().from(otaCampaign).where(where).orderBy(desc(otaCampaign.createTime), desc(otaCampaign.id)).limit(p.size).offset(p.offset);
    const [{ n } = { n: 0 }] = await this.ctx.db.select({ n: count() }).from(otaCampaign).where(where);
    return { records: await Promise.all(rows.map((r) => this.vo(r, lang))), total: n, size: p.size, current: p.current, pages: Math.ceil(n / p.size) };
  }

  async progress(actor: Actor, id: string, lang: Lang) {
    const c = await this.scoped(actor, id, lang);
    const rows = await this.ctx.db
      .select({ purpose: otaUpgrade.purpose, wave: otaUpgrade.wave, state: otaUpgrade.state, n: count() })
      .from(otaUpgrade)
      .where(eq(otaUpgrade.campaignId, id))
      .groupBy(otaUpgrade.purpose, otaUpgrade.wave, otaUpgrade.state);
    const zero = () => Object.fromEntries(UPGRADE_STATES.map((s) => [s, 0])) as Record<(typeof UPGRADE_STATES)[number], number>;
    const counts = zero();
    const rollback = zero();
    const waves = new Map<number, { wave: number; total: number; updated: number; failed: number; active: number }>();
    for (const r of rows) {
      const target = r.purpose === 'rollback' ? rollback : counts;
      if (r.state in target) target[r.state as keyof typeof target] += r.n;
      if (r.purpose !== 'upgrade') continue;
      const w = waves.get(r.wave) ?? { wave: r.wave, total: 0, updated: 0, failed: 0, active: 0 };
      w.total += r.n;
      if (r.state === 'updated') w.updated += r.n;
      else if (r.state === 'failed') w.failed += r.n;
      else w.active += r.n;
      waves.set(r.wave, w);
    }
    const anyRollback = rows.some((r) => r.purpose === 'rollback');
    return { campaign: await this.vo(c, lang), counts, waves: [...waves.values()].sort((a, b) => a.wave - b.wave), rollback: anyRollback ? rollback : null };
  }

  async vo(c: CampaignRow, lang: Lang) {
    const [pkg] = await this.ctx.db.select({ v: otaPackage.firmwareVersion }).from(otaPackage).where(eq(otaPackage.id, c.packageId));
    const [{ n } = { n: 0 }] = await this.ctx.db
      .select({ n: count() })
      .from(otaUpgrade)
      .where(and(eq(otaUpgrade.campaignId, c.id), eq(otaUpgrade.purpose, 'upgrade')));
    return {
      id: c.id,
      campaignName: c.campaignName,
      packageId: c.packageId,
      packageVersion: pkg?.v ?? null,
      rollbackPackageId: c.rollbackPackageId,
      state: c.state,
      haltReason: haltReasonText(c.haltReason, lang),
      canaryPercent: c.canaryPercent,
      waveSize: c.waveSize,
      pacePerMinute: c.pacePerMinute,
      failureThreshold: c.failureThreshold,
      windowStart: c.windowStart,
      windowEnd: c.windowEnd,
      currentWave: c.currentWave,
      waveCount: c.waveCount,
      startTime: formatDateTime(c.startTime),
      endTime: formatDateTime(c.endTime),
      createTime: formatDateTime(c.createTime),
      targets: n,
    };
  }
}

/** A halt reason as stored (`failureRate:wave:failed:total:threshold`) in the reader's language; other text as is. */
export function haltReasonText(stored: string | null, lang: Lang): string | null {
  const m = /^failureRate:(\d+):(\d+):(\d+):(\d+)$/.exec(stored ?? '');
  if (!m) return stored;
  return otaText(lang, 'haltFailureRate', { wave: m[1]!, failed: m[2]!, total: m[3]!, threshold: m[4]! });
}
