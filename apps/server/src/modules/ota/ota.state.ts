/**
 * The OTA state machines, pure (unit-tested in ota.state.test.ts).
 *
 * An upgrade (one device, one package) has 8 states: `queued` (waiting for its wave, pace or window) → `notified`
 * (Helio sent the notify command and the device accepted it) → then as the device reports them: `downloading` →
 * `downloaded` → `verifying` → `updating` → `updated` (the new version reported) | `failed` (with a reason). A
 * report never moves an upgrade back, and nothing moves a finished one.
 *
 * A campaign: `running` (canary = wave 0, then waves 1…n) → `done`; `running` → `halted` when a finished wave's
 * failure rate passes the threshold; `halted` → `running` (resume) or `rolling_back` → `rolled_back`;
 * `running`/`halted` → `cancelled`.
 */

export const UPGRADE_STATES = ['queued', 'notified', 'downloading', 'downloaded', 'verifying', 'updating', 'updated', 'failed'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
export const TERMINAL: readonly UpgradeState[] = ['updated', 'failed'];
export const ACTIVE_REPORTED: readonly UpgradeState[] = ['notified', 'downloading', 'downloaded', 'verifying', 'updating'];

/** Device event codes of the OTA progress reports (docs/device-protocol.md, "OTA"). */
export const OTA_EVENT_CODES: Record<number, UpgradeState> = {
  801: 'downloading',
  802: 'downloaded',
  803: 'verifying',
  804: 'updating',
  805: 'updated',
  806: 'failed',
};
export const OTA_CODE_MIN = 801;
export const OTA_CODE_MAX = 806;

export const isTerminal = (s: string): boolean => (TERMINAL as readonly string[]).includes(s);

/** The state after a report of `reported`; undefined when the report changes nothing (stale, repeated or late). */
export function advance(current: UpgradeState, reported: UpgradeState): UpgradeState | undefined {
  if (isTerminal(current) || reported === 'queued') return undefined;
  if (reported === 'failed') return 'failed';
  const from = UPGRADE_STATES.indexOf(current);
  const to = UPGRADE_STATES.indexOf(reported);
  return to > from ? reported : undefined;
}

/** One progress report as the device sends it in an event's `msg`: `<upgradeId>` or `<upgradeId>:<detail>`. */
export function parseOtaMessage(code: number, message: string | null): { upgradeId: string; state: UpgradeState; detail: string } | undefined {
  const state = OTA_EVENT_CODES[code];
  if (!state || !message) return undefined;
  const m = /^(\d{1,20})(?::(.*))?$/s.exec(message.trim());
  if (!m) return undefined;
  return { upgradeId: m[1]!, state, detail: (m[2] ?? '').trim() };
}

export const CAMPAIGN_STATES = ['running', 'halted', 'rolling_back', 'rolled_back', 'done', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export type CampaignAction = 'resume' | 'rollback' | 'cancel';

/** Whether `action` is allowed in `state`. */
export function campaignActionAllowed(state: string, action: CampaignAction): boolean {
  if (action === 'resume' || action === 'rollback') return state === 'halted';
  return state === 'running' || state === 'halted';
}

/** Wave numbers of `n` targets: wave 0 = the canary (its share rounded up, at least one), then waves of `waveSize`. */
export function planWaves(n: number, canaryPercent: number, waveSize: number): number[] {
  if (n === 0) return [];
  const canary = Math.min(n, Math.max(1, Math.ceil((n * canaryPercent) / 100)));
  const size = Math.max(1, waveSize);
  return Array.from({ length: n }, (_, i) => (i < canary ? 0 : 1 + Math.floor((i - canary) / size)));
}

/** What to do with a wave whose upgrades are all finished: go on, or halt (failure rate above the threshold, %). */
export function waveVerdict(total: number, failed: number, thresholdPercent: number): 'next' | 'halt' {
  if (total === 0) return 'next';
  return (failed * 100) / total > thresholdPercent ? 'halt' : 'next';
}

/** How many to notify per step at `perMinute`, and the wait before the next step (the pace holds on average). */
export function pacing(perMinute: number): { batch: number; everyMs: number } {
  const pace = Math.max(1, perMinute);
  const batch = Math.max(1, Math.ceil(pace / 60));
  return { batch, everyMs: Math.round((batch * 60_000) / pace) };
}

/**
 * A pause between two notifies of a wave longer than this ends a pacing run (see `stepBudget`): five intervals, and
 * at least 15 s — on a loaded machine a step that waits for its devices' answers comes several seconds late, and
 * that must not end the run (measured: steps 3–6 s apart at load average 20).
 */
export function runGapMs(perMinute: number): number {
  return Math.max(15_000, 5 * pacing(perMinute).everyMs);
}

/**
 * How many devices a campaign step notifies now: the budget of the wave's current run. A run starts at the wave's
 * first notify and ends at a pause longer than `runGapMs` (a closed maintenance window, a halt, a stopped server);
 * the next notify starts a new one, so a long pause is never made up in one burst.
 *
 * - The first step of a run notifies one plain batch (`pacing(pace).batch`).
 * - Every later step: devices due = pace × (now − the run's first notify + the wait until the next step) − devices
 *   notified in the run, never below 0. The wait until the next step is taken to be the one since the previous step
 *   (at least the configured interval, at most `runGapMs`), so each step covers the time until the next one, and a step
 *   that comes late (the job runner's poll, a loaded machine) or a short first batch is made up by the next.
 *
 * Pure: `runStartMs` undefined = no run yet (or the last ended); times in ms since the epoch.
 */
export function stepBudget(
  perMinute: number,
  o: { nowMs: number; runStartMs?: number; notified: number; previousStepMs?: number },
): number {
  const pace = Math.max(1, perMinute);
  const { batch, everyMs } = pacing(pace);
  if (o.runStartMs === undefined) return batch;
  const since = o.previousStepMs === undefined ? everyMs : o.nowMs - o.previousStepMs;
  const ahead = Math.min(runGapMs(pace), Math.max(everyMs, since));
  const elapsed = Math.max(0, o.nowMs - o.runStartMs);
  return Math.max(0, Math.floor((pace * (elapsed + ahead)) / 60_000) - o.notified);
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isHhmm = (s: string): boolean => HHMM.test(s);

/** Minutes since local midnight at `at` in time zone `tz` (an unknown zone counts as UTC). */
export function localMinutes(at: Date, tz: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    return at.getUTCHours() * 60 + at.getUTCMinutes();
  }
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether `at` falls in the window [start, end) of local time in `tz`; a window that wraps midnight works, and
 *  start = end means always open. */
export function inWindow(at: Date, tz: string, start: string, end: string): boolean {
  if (start === end) return true;
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const now = localMinutes(at, tz);
  const a = toMin(start);
  const b = toMin(end);
  return a < b ? now >= a && now < b : now >= a || now < b;
}

/** Device firmware columns by the package's firmware type (dictionary `firmware_type`). */
export const FIRMWARE_SLUGS = ['master', 'slave', 'ems', 'dcdc', 'bms', 'comm'] as const;
export type FirmwareSlug = (typeof FIRMWARE_SLUGS)[number];
export const firmwareSlug = (firmwareType: number): FirmwareSlug => FIRMWARE_SLUGS[firmwareType - 1] ?? 'master';
export const DEVICE_KINDS = ['inverter', 'battery', 'guardian', 'charger'] as const;
