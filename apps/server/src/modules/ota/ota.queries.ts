/** The OTA read routes: software versions per device, upgrade records and the overview (tenant-scoped). */
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { formatDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import { parsePaging } from '../../core/list-query.js';
import { device, plant } from '../../db/schema-device.js';
import { firmwareSlug } from './ota.state.js';
import { otaUpgrade } from './ota.tables.js';
import { fwColumn, type UpgradeRow } from './ota.upgrade.js';

const RESERVED = new Set(['current', 'size', 'lang', '_t', 'tenantId', 'ascs', 'descs']);
const str = (q: Record<string, unknown>, k: string) => (typeof q[k] === 'string' && q[k] !== '' ? String(q[k]).slice(0, 64) : undefined);
const id = (q: Record<string, unknown>, k: string) => {
  const v = str(q, k);
  if (v !== undefined && !/^\d{1,19}$/.test(v)) throw new BizError('invalidParam', { param: k });
  return v;
};
function only(q: Record<string, unknown>, allowed: readonly string[]) {
  for (const k of Object.keys(q)) if (!RESERVED.has(k) && !allowed.includes(k)) throw new BizError('unknownParam', { param: k.slice(0, 64) });
}
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function upgradeVO(u: UpgradeRow) {
  return {
    id: u.id,
    deviceId: u.deviceId,
    deviceSn: u.deviceSn,
    packageId: u.packageId,
    campaignId: u.campaignId,
    wave: u.wave,
    purpose: u.purpose,
    state: u.state,
    progress: u.progress,
    fromVersion: u.fromVersion,
    toVersion: u.toVersion,
    reportedVersion: u.reportedVersion,
    failReason: u.failReason,
    attempts: u.attempts,
    notifyTime: formatDateTime(u.notifyTime),
    stateTime: formatDateTime(u.stateTime),
    endTime: formatDateTime(u.endTime),
    createTime: formatDateTime(u.createTime),
  };
}

export class OtaQueries {
  constructor(private readonly ctx: ModuleContext) {}

  async softwareVersions(actor: Actor, q: Record<string, unknown>) {
    only(q, ['deviceSn', 'deviceType', 'model', 'version', 'plantId']);
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const type = str(q, 'deviceType');
    if (type !== undefined && !/^[1-4]$/.test(type)) throw new BizError('invalidParam', { param: 'deviceType' });
    const sn = str(q, 'deviceSn');
    const model = str(q, 'model');
    const version = str(q, 'version');
    const plantId = id(q, 'plantId');
    const where = this.ctx.scope(actor).where(
      device,
      eq(device.isDeleted, 0),
      type ? eq(device.deviceType, Number(type)) : undefined,
      sn ? sql`${device.deviceSn} ILIKE ${like(sn)}` : undefined,
      model ? sql`${device.model} ILIKE ${like(model)}` : undefined,
      plantId ? eq(device.plantId, plantId) : undefined,
      version
        ? sql`(${device.fwMaster} = ${version} OR ${device.fwSlave} = ${version} OR ${device.fwEms} = ${version} OR ${device.fwDcdc} = ${version} OR ${device.fwProtocol} = ${version})`
        : undefined,
    );
    const rows = await this.ctx.db
      .select({ d: device, plantName: plant.plantName })
      .from(device)
      .leftJoin(plant, eq(plant.id, device.plantId))
      .where(where)
      .orderBy(desc(device.registerTime), desc(device.id))
      .limit(p.size)
      .offset(p.offset);
    const [{ n } = { n: 0 }] = await this.ctx.db.select({ n: count() }).from(device).where(where);
    const last = new Map<string, UpgradeRow>();
    if (rows.length) {
      const ids = rows.map((r) => r.d.id);
      const ups = await this.ctx.db
        .select()
        .from(otaUpgrade)
        .where(sql`${otaUpgrade.deviceId} IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`)
        .orderBy(desc(otaUpgrade.createTime), desc(otaUpgrade.id));
      for (const u of ups) if (!last.has(u.deviceId)) last.set(u.deviceId, u);
    }
    const records = rows.map(({ d, plantName }) => ({
      deviceId: d.id,
      deviceSn: d.deviceSn,
      deviceType: d.deviceType,
      model: d.model,
      plantId: d.plantId,
      plantName: plantName ?? null,
      fwProtocol: d.fwProtocol,
      fwMaster: d.fwMaster,
      fwSlave: d.fwSlave,
      fwEms: d.fwEms,
      fwDcdc: d.fwDcdc,
      lastUpgradeState: last.get(d.id)?.state ?? null,
      lastUpgradeVersion: last.get(d.id)?.toVersion ?? null,
    }));
    return { records, total: n, size: p.size, current: p.current, pages: Math.ceil(n / p.size) };
  }

  async records(actor: Actor, q: Record<string, unknown>) {
    only(q, ['deviceSn', 'state', 'campaignId', 'packageId', 'purpose']);
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const sn = str(q, 'deviceSn');
    const state = str(q, 'state');
    const purpose = str(q, 'purpose');
    const campaignId = id(q, 'campaignId');
    const packageId = id(q, 'packageId');
    const conds: (SQL | undefined)[] = [
      sn ? sql`${otaUpgrade.deviceSn} ILIKE ${like(sn)}` : undefined,
      state ? eq(otaUpgrade.state, state) : undefined,
      purpose ? eq(otaUpgrade.purpose, purpose) : undefined,
      campaignId ? eq(otaUpgrade.campaignId, campaignId) : undefined,
      packageId ? eq(otaUpgrade.packageId, packageId) : undefined,
    ];
    const where = this.ctx.scope(actor).where(otaUpgrade, ...conds);
    const rows = await this.ctx.db.select().from(otaUpgrade).where(where).orderBy(desc(otaUpgrade.createTime), desc(otaUpgrade.id)).limit(p.size).offset(p.offset);
    const [{ n } = { n: 0 }] = await this.ctx.db.select({ n: count() }).from(otaUpgrade).where(where);
    return { records: rows.map(upgradeVO), total: n, size: p.size, current: p.current, pages: Math.ceil(n / p.size) };
  }

  async overview(actor: Actor, q: Record<string, unknown>) {
    only(q, ['firmwareType']);
    const ft = str(q, 'firmwareType') ?? '1';
    if (!/^[1-6]$/.test(ft)) throw new BizError('invalidParam', { param: 'firmwareType' });
    const byState = await this.ctx.db
      .select({ state: otaUpgrade.state, count: count() })
      .from(otaUpgrade)
      .where(this.ctx.scope(actor).where(otaUpgrade))
      .groupBy(otaUpgrade.state);
    const col = fwColumn(firmwareSlug(Number(ft)));
    const byVersion = await this.ctx.db
      .select({ version: col, count: count() })
      .from(device)
      .where(this.ctx.scope(actor).where(device, eq(device.isDeleted, 0)))
      .groupBy(col)
      .orderBy(desc(count()));
    return { byState: byState.map((r) => ({ state: r.state, count: r.count })), byVersion: byVersion.map((r) => ({ version: r.version ?? null, count: r.count })) };
  }
}
