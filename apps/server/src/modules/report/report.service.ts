/**
 * Report generators: a fixed registry of server-side exports (workbooks built with exceljs from fixed,
 * parameterised queries). No report takes SQL, a template or an expression from anyone.
 * - `station-kpi`: per station of the caller's tenant over a date range — energy (PV, load, grid import/export,
 *   battery charge/discharge), specific yield (kWh/kWp), self-consumption, autarky, days with data (KPI rules of
 *   modules/station/kpi.ts); plus daily fleet totals.
 * - `api-activity`: the tenant's API log per day (calls, failures, mean duration) and the busiest endpoints.
 *
 * `ReportService` keeps the generated files (`blade_report_file`): generating one (rate-limited per user), reading
 * one back for a download and removing them — tenant-scoped, for an actor, without HTTP.
 */
import type ExcelJS from 'exceljs';
import { lazyImport } from '../../core/lazy-import.js';
import { and, asc, avg, count, desc, eq, gte, inArray, lt, ne, sql, sum, type SQL } from 'drizzle-orm';
import { reportResource, type ReportType } from '@helio/contracts/modules/report/report.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import type { AuthUser } from '../../core/access.js';
import { formatDateTime } from '../../core/dates.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import type { ReadOnlyOptions, ReadTable } from '../../core/read-routes.js';
import { tenantCondition } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import { logApi } from '../../db/schema.js';
import { reportFile } from '../../db/schema-resource.js';
import { energyPlantDay, plant } from '../../db/schema-device.js';
import { autarky, selfConsumption, specificYield } from '../station/index.js';

const exceljs = lazyImport(() => import('exceljs'));

export interface ReportParams {
  from: string;
  to: string;
  tenantId?: string;
}

export interface ReportContext {
  db: Db;
  user: AuthUser;
  lang: Lang;
  params: ReportParams;
}

interface Generator {
  title: { zh: string; en: string };
  build(ctx: ReportContext, wb: ExcelJS.Workbook): Promise<void>;
}

const t = (lang: Lang, zh: string, en: string) => (lang === 'en-US' ? en : zh);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function header(ws: ExcelJS.Worksheet, cols: { header: string; key: string; width?: number }[]): void {
  ws.columns = cols.map((c) => ({ ...c, width: c.width ?? Math.max(12, c.header.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

const GENERATORS: Record<ReportType, Generator> = {
  'station-kpi': {
    title: { zh: '电站KPI报表', en: 'Station KPI report' },
    async build({ db, user, lang, params }, wb) {
      const scope = tenantCondition(plant.tenantId, user, params as unknown as Record<string, unknown>);
      const energy = {
        pv: sum(energyPlantDay.pvKwh).mapWith(Number),
        load: sum(energyPlantDay.loadKwh).mapWith(Number),
        imp: sum(energyPlantDay.importKwh).mapWith(Number),
        exp: sum(energyPlantDay.exportKwh).mapWith(Number),
        charge: sum(energyPlantDay.chargeKwh).mapWith(Number),
        discharge: sum(energyPlantDay.dischargeKwh).mapWith(Number),
      };
      const inRange = and(gte(energyPlantDay.day, params.from), lt(sql`${energyPlantDay.day}`, sql`(${params.to}::date + 1)`));
      const rows = await db
        .select({
          id: plant.id,
          name: plant.plantName,
          region: plant.regionName,
          capacity: plant.capacityKwp,
          network: plant.networkStatus,
          days: count(energyPlantDay.day),
          ...energy,
        })
        .from(plant)
        .leftJoin(energyPlantDay, and(eq(energyPlantDay.plantId, plant.id), inRange))
        .where(and(eq(plant.isDeleted, 0), scope))
        .groupBy(plant.id)
        .orderBy(asc(plant.plantName))
        .limit(5000);
      const ws = wb.addWorksheet(t(lang, '电站KPI', 'Station KPI'));
      header(ws, [
        { header: t(lang, '电站名称', 'Station'), key: 'name', width: 28 },
        { header: t(lang, '地区', 'Region'), key: 'region', width: 24 },
        { header: t(lang, '装机容量(kWp)', 'Capacity (kWp)'), key: 'capacity' },
        { header: t(lang, '网络状态', 'Network'), key: 'network' },
        { header: t(lang, '发电量(kWh)', 'PV (kWh)'), key: 'pv' },
        { header: t(lang, '用电量(kWh)', 'Load (kWh)'), key: 'load' },
        { header: t(lang, '购电量(kWh)', 'Grid import (kWh)'), key: 'imp' },
        { header: t(lang, '上网电量(kWh)', 'Grid export (kWh)'), key: 'exp' },
        { header: t(lang, '充电量(kWh)', 'Charged (kWh)'), key: 'charge' },
        { header: t(lang, '放电量(kWh)', 'Discharged (kWh)'), key: 'discharge' },
        { header: t(lang, '等效利用小时(kWh/kWp)', 'Specific yield (kWh/kWp)'), key: 'yield' },
        { header: t(lang, '自发自用率(%)', 'Self-consumption (%)'), key: 'self' },
        { header: t(lang, '自给率(%)', 'Autarky (%)'), key: 'autarky' },
        { header: t(lang, '有数据天数', 'Days with data'), key: 'days' },
      ]);
      const network = [t(lang, '正常', 'Normal'), t(lang, '离线', 'Disconnected'), t(lang, '故障', 'Fault')];
      for (const r of rows) {
        const pv = r.pv ?? 0;
        ws.addRow({
          name: r.name,
          region: r.region ?? '',
          capacity: r.capacity ?? null,
          network: network[r.network] ?? String(r.network),
          pv: round(pv),
          load: round(r.load ?? 0),
          imp: round(r.imp ?? 0),
          exp: round(r.exp ?? 0),
          charge: round(r.charge ?? 0),
          discharge: round(r.discharge ?? 0),
          // The same KPI rules as the station screens (modules/station/kpi.ts).
          yield: specificYield(pv, r.capacity ?? 0),
          self: selfConsumption({ pv, export: r.exp ?? 0 }),
          autarky: autarky({ load: r.load ?? 0, import: r.imp ?? 0 }),
          days: Number(r.days),
        });
      }
      const daily = await db
        .select({ day: energyPlantDay.day, ...energy })
        .from(energyPlantDay)
        .innerJoin(plant, eq(plant.id, energyPlantDay.plantId))
        .where(and(inRange, eq(plant.isDeleted, 0), scope))
        .groupBy(energyPlantDay.day)
        .orderBy(asc(energyPlantDay.day));
      const ds = wb.addWorksheet(t(lang, '每日汇总', 'Daily totals'));
      header(ds, [
        { header: t(lang, '日期', 'Date'), key: 'day' },
        { header: t(lang, '发电量(kWh)', 'PV (kWh)'), key: 'pv' },
        { header: t(lang, '用电量(kWh)', 'Load (kWh)'), key: 'load' },
        { header: t(lang, '购电量(kWh)', 'Grid import (kWh)'), key: 'imp' },
        { header: t(lang, '上网电量(kWh)', 'Grid export (kWh)'), key: 'exp' },
        { header: t(lang, '充电量(kWh)', 'Charged (kWh)'), key: 'charge' },
        { header: t(lang, '放电量(kWh)', 'Discharged (kWh)'), key: 'discharge' },
      ]);
      for (const d of daily) {
        ds.addRow({ day: d.day, pv: round(d.pv ?? 0), load: round(d.load ?? 0), imp: round(d.imp ?? 0), exp: round(d.exp ?? 0), charge: round(d.charge ?? 0), discharge: round(d.discharge ?? 0) });
      }
    },
  },
  'api-activity': {
    title: { zh: '接口访问报表', en: 'API activity report' },
    async build({ db, user, lang, params }, wb) {
      const scope = and(
        tenantCondition(logApi.tenantId, user, params as unknown as Record<string, unknown>),
        gte(logApi.createTime, sql`${params.from}::date`),
        lt(logApi.createTime, sql`(${params.to}::date + 1)`),
      );
      const dayExpr = sql<string>`to_char(${logApi.createTime}, 'YYYY-MM-DD')`;
      const days = await db
        .select({
          day: dayExpr,
          calls: count(),
          failures: sum(sql<number>`CASE WHEN ${logApi.resultCode} <> 200 THEN 1 ELSE 0 END`).mapWith(Number),
          ms: avg(sql`NULLIF(${logApi.time}, '')::numeric`).mapWith(Number),
        })
        .from(logApi)
        .where(scope)
        .groupBy(dayExpr)
        .orderBy(asc(dayExpr));
      const ws = wb.addWorksheet(t(lang, '每日访问', 'Per day'));
      header(ws, [
        { header: t(lang, '日期', 'Date'), key: 'day' },
        { header: t(lang, '调用次数', 'Calls'), key: 'calls' },
        { header: t(lang, '失败次数', 'Failures'), key: 'failures' },
        { header: t(lang, '平均耗时(毫秒)', 'Mean duration (ms)'), key: 'ms' },
      ]);
      for (const d of days) ws.addRow({ day: d.day, calls: Number(d.calls), failures: d.failures ?? 0, ms: d.ms === null ? null : round(d.ms, 1) });
      const top = await db
        .select({ uri: logApi.requestUri, method: logApi.method, calls: count() })
        .from(logApi)
        .where(and(scope, ne(logApi.requestUri, '')))
        .groupBy(logApi.requestUri, logApi.method)
        .orderBy(desc(count()))
        .limit(50);
      const ts = wb.addWorksheet(t(lang, '热门接口', 'Busiest endpoints'));
      header(ts, [
        { header: t(lang, '请求方法', 'Method'), key: 'method' },
        { header: t(lang, '请求接口', 'Request URI'), key: 'uri', width: 50 },
        { header: t(lang, '调用次数', 'Calls'), key: 'calls' },
      ]);
      for (const r of top) ts.addRow({ method: r.method, uri: r.uri, calls: Number(r.calls) });
    },
  },
};

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds a report workbook; the range defaults to the last 30 days and may span at most 366. */
export async function buildReport(type: string, ctx: Omit<ReportContext, 'params'> & { params: Partial<ReportParams> }) {
  const gen = (GENERATORS as Record<string, Generator | undefined>)[type];
  if (!gen) throw new BizError('reportTypeUnknown', { type: type.slice(0, 32) });
  const DAY = /^\d{4}-\d{2}-\d{2}$/;
  const today = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const to = ctx.params.to && DAY.test(ctx.params.to) ? ctx.params.to : iso(today);
  const from = ctx.params.from && DAY.test(ctx.params.from) ? ctx.params.from : iso(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!Number.isFinite(span) || span < 0 || span > 366) throw new BizError('outOfRange', { field: 'from/to' });
  const params: ReportParams = { from, to, ...(ctx.params.tenantId ? { tenantId: ctx.params.tenantId } : {}) };
  const { default: Excel } = await exceljs();
  const wb = new Excel.Workbook();
  wb.creator = 'Helio';
  wb.created = new Date();
  await gen.build({ ...ctx, params }, wb);
  const title = ctx.lang === 'en-US' ? gen.title.en : gen.title.zh;
  const name = `${title} ${from} ~ ${to}`;
  const stamp = (formatDateTime(new Date()) ?? '').replace(/[-: ]/g, '').slice(0, 12);
  return { name, fileName: `${type}-${stamp}.xlsx`, params, content: Buffer.from(await wb.xlsx.writeBuffer()) };
}

const REPORTS_PER_MINUTE = 10;

export interface GenerateInput {
  type: string;
  from?: string | undefined;
  to?: string | undefined;
  /** Platform users: the tenant the report is about (default all). */
  tenantId?: string | undefined;
}

export interface GeneratedReport {
  id: string;
  name: string;
  fileName: string;
  params: ReportParams;
}

export class ReportService {
  /** The read-only engine's options of report lists and details: live rows of the caller's tenant, never the file. */
  readonly reads: ReadOnlyOptions;

  constructor(private readonly ctx: ModuleContext) {
    this.reads = { def: reportResource, table: reportFile as unknown as ReadTable, scope: (actor, q) => this.scope(actor, q), hidden: ['content'] };
  }

  private scope(actor: Actor, q?: Record<string, unknown>): (SQL | undefined)[] {
    return [eq(reportFile.isDeleted, 0), tenantCondition(reportFile.tenantId, actor, q)];
  }

  /** Builds a report (at most REPORTS_PER_MINUTE a minute per user) and stores it in the actor's tenant. */
  async generate(actor: Actor, lang: Lang, q: GenerateInput): Promise<GeneratedReport> {
    if ((await this.ctx.kv.incr(`report:${actor.userId}`, 60_000)) > REPORTS_PER_MINUTE) throw new BizError('tooManyRequests');
    const params = { from: q.from, to: q.to, tenantId: q.tenantId } as Partial<ReportParams>;
    const r = await buildReport(q.type, { db: this.ctx.db, user: actor, lang, params });
    const id = nextId();
    const now = new Date();
    await this.ctx.db.insert(reportFile).values({
      id,
      tenantId: actor.tenantId,
      name: r.name,
      reportType: q.type,
      fileName: r.fileName,
      mime: XLSX_MIME,
      fileSize: r.content.length,
      content: r.content,
      params: JSON.stringify(r.params),
      createUser: actor.userId,
      createDept: actor.deptIds[0] ?? null,
      createTime: now,
      updateUser: actor.userId,
      updateTime: now,
    });
    return { id, name: r.name, fileName: r.fileName, params: r.params };
  }

  /** A report file of the actor's scope; `recordNotFound` when absent, out of scope or removed. */
  async file(actor: Actor, id: string): Promise<{ content: Buffer; fileName: string; mime: string }> {
    const [row] = isId(id) ? await this.ctx.db.select().from(reportFile).where(and(eq(reportFile.id, id), ...this.scope(actor))) : [];
    if (!row?.content) throw new BizError('recordNotFound');
    return { content: row.content, fileName: row.fileName, mime: row.mime };
  }

  /** Removes reports of the actor's scope (softly; their files are dropped); false when none was removed. */
  async remove(actor: Actor, ids: string[]): Promise<boolean> {
    if (ids.length === 0) throw new BizError('idsRequired');
    const res = await this.ctx.db
      .update(reportFile)
      .set({ isDeleted: 1, content: null, updateUser: actor.userId, updateTime: new Date() })
      .where(and(inArray(reportFile.id, ids), ...this.scope(actor)))
      .returning({ id: reportFile.id });
    return res.length > 0;
  }
}
