/**
 * Models and deployments: the designer's XML (models), compiling against the engine's BPMN subset (a refused element
 * is named in a translated 400, nothing stored), deploying per chosen tenant and category with a new version per key,
 * suspending and activating definitions, deleting deployments, and reading uploaded files (.bpmn, .bpmn20.xml, .zip).
 */
import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, inArray, max } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { compileBpmn, type ProcessModel } from '../../flow/index.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import type { Db } from '../../db/client.js';
import { tenant } from '../../db/schema.js';
import { formatDateTime } from '../../core/dates.js';
import { cleanOriginalName, formatBytes } from '../../core/upload.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId, parseIds } from '../../core/ids.js';
import { parsePaging } from '../../core/list-query.js';
import { ConflictError, versionOf } from '../../core/optimistic.js';
import { flowError } from './workflow.messages.js';
import { paged } from './workflow.paging.js';
import { flowDefinition, flowDeployment, flowInstance, flowModel } from './workflow.tables.js';
import { isProcessFile, readProcessZip, ZipError } from './workflow.zip.js';

export const UPLOAD_LIMITS = { maxFiles: 10, maxBytes: 5 * 1024 * 1024 } as const;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const str = (v: unknown) => (one(v) === undefined || one(v) === null ? '' : String(one(v)).trim());

export type DefinitionRow = typeof flowDefinition.$inferSelect;

export function definitionVO(d: DefinitionRow) {
  return {
    id: d.id,
    tenantId: d.tenantId,
    name: d.name,
    key: d.key,
    description: d.description,
    category: d.category,
    categoryName: d.category,
    version: d.version,
    deploymentId: d.deploymentId,
    resourceName: d.resourceName,
    diagramResourceName: d.resourceName,
    suspensionState: d.suspended ? 2 : 1,
    deploymentTime: formatDateTime(d.deployTime),
  };
}

function modelVO(m: typeof flowModel.$inferSelect) {
  return {
    id: m.id,
    tenantId: m.tenantId,
    modelKey: m.modelKey,
    name: m.name,
    description: m.description,
    version: m.version,
    created: formatDateTime(m.createTime),
    lastUpdated: formatDateTime(m.updateTime),
  };
}

export class DeployService {
  constructor(
    private readonly ctx: ModuleContext,
    private readonly handlers: () => readonly string[],
  ) {}

  // ---- models ----

  async modelList(actor: Actor, q: Record<string, unknown>) {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where = this.ctx.scope(actor).where(
      flowModel,
      eq(flowModel.isDeleted, 0),
      str(q.modelKey) ? ilike(flowModel.modelKey, `%${escapeLike(str(q.modelKey))}%`) : undefined,
      str(q.name) ? ilike(flowModel.name, `%${escapeLike(str(q.name))}%`) : undefined,
    );
    return paged(
      p,
      this.ctx.db.select().from(flowModel).where(where).orderBy(desc(flowModel.updateTime), desc(flowModel.id)).limit(p.size).offset(p.offset),
      this.ctx.db.select({ n: count() }).from(flowModel).where(where),
      modelVO,
    );
  }

  private async model(actor: Actor, id: string, lang: Lang) {
    if (!isId(id)) throw flowError(lang, 'modelNotFound');
    const [m] = await this.ctx.db.select().from(flowModel).where(this.ctx.scope(actor).where(flowModel, eq(flowModel.id, id), eq(flowModel.isDeleted, 0)));
    if (!m) throw flowError(lang, 'modelNotFound');
    return m;
  }

  async modelDetail(actor: Actor, id: string, lang: Lang) {
    const m = await this.model(actor, id, lang);
    return { ...modelVO(m), xml: m.xml };
  }

  async modelSubmit(actor: Actor, body: { id?: string | null; modelKey: string; name: string; description?: string | null; xml?: string | null; validate?: boolean | null }, lang: Lang) {
    if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(body.modelKey)) throw flowError(lang, 'modelKeyInvalid');
    // The designer's save: compiled as a deploy would (the refused elements named in the 400), nothing stored if refused.
    if (body.validate === true) await this.compile([{ name: `${body.modelKey}.bpmn20.xml`, xml: body.xml ?? '' }], lang);
    const fields = { modelKey: body.modelKey, name: body.name, description: body.description ?? null, updateUser: actor.userId, updateTime: new Date() };
    if (body.id) {
      const m = await this.model(actor, body.id, lang);
      const v = versionOf(body, lang);
      const updated = await this.ctx.db
        .update(flowModel)
        .set({ ...fields, ...(body.xml != null ? { xml: body.xml } : {}) })
        .where(and(eq(flowModel.id, m.id), v === undefined ? undefined : eq(flowModel.version, v)))
        .returning({ id: flowModel.id });
      if (!updated.length) throw new ConflictError();
      return this.modelDetail(actor, m.id, lang);
    }
    const id = nextId();
    await this.ctx.db.insert(flowModel).values({ id, tenantId: actor.tenantId, xml: body.xml ?? '', createUser: actor.userId, createDept: actor.deptIds[0] ?? null, ...fields });
    return this.modelDetail(actor, id, lang);
  }

  /** Soft-deletes the caller's models among `ids`; none of them found (missing, or another tenant's) is a 400. */
  async modelRemove(actor: Actor, ids: string[], lang: Lang) {
    const removed = ids.length
      ? await this.ctx.db
          .update(flowModel)
          .set({ isDeleted: 1, updateUser: actor.userId, updateTime: new Date() })
          .where(this.ctx.scope(actor).where(flowModel, inArray(flowModel.id, ids), eq(flowModel.isDeleted, 0)))
          .returning({ id: flowModel.id })
      : [];
    if (!removed.length) throw flowError(lang, 'modelNotFound');
    return true;
  }

  async modelDeploy(actor: Actor, p: { modelId: string; category: string; tenantIds: string }, lang: Lang) {
    const m = await this.model(actor, p.modelId, lang);
    if (!m.xml.trim()) throw flowError(lang, 'modelXmlRequired');
    await this.deploy(actor, { name: m.name, category: p.category, tenantIds: p.tenantIds, resources: [{ name: `${m.modelKey}.bpmn20.xml`, xml: m.xml }] }, lang);
    return true;
  }

  // ---- deployments ----

  /** Compiles every resource; refuses the lot (naming the element and the reason) if any is outside the subset. */
  async compile(resources: { name: string; xml: string }[], lang: Lang): Promise<{ name: string; xml: string; processes: ProcessModel[] }[]> {
    const out = [];
    for (const r of resources) {
      const res = await compileBpmn(r.xml, { serviceHandlers: this.handlers() });
      if (!res.ok) {
        const errors = res.errors
          .slice(0, 5)
          .map((e) => `${r.name}${e.elementId ? ` [${e.element ? `${e.element} ` : ''}${e.elementId}]` : ''}: ${e.reason}`)
          .join('; ');
        throw flowError(lang, 'invalidModel', { errors });
      }
      out.push({ ...r, processes: res.processes });
    }
    return out;
  }

  /** The tenants a deployment goes to: the caller's own, or (platform users) any existing ones asked for. */
  private async targetTenants(actor: Actor, raw: string, lang: Lang, db: Db): Promise<string[]> {
    const asked = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
    if (!asked.length) return [actor.tenantId];
    if (actor.tenantId !== PLATFORM_TENANT_ID) {
      if (asked.some((t) => t !== actor.tenantId)) throw flowError(lang, 'tenantNotAllowed');
      return asked;
    }
    const found = new Set((await db.select({ t: tenant.tenantId }).from(tenant).where(and(inArray(tenant.tenantId, asked), eq(tenant.isDeleted, 0)))).map((r) => r.t));
    const missing = asked.find((t) => !found.has(t) && t !== PLATFORM_TENANT_ID);
    if (missing) throw flowError(lang, 'tenantNotFound', { tenantId: missing.slice(0, 12) });
    return asked;
  }

  /** Deploys resources to each tenant in one transaction: a deployment and a definition per process, version = last + 1. */
  async deploy(actor: Actor, d: { name: string; category: string; tenantIds: string; resources: { name: string; xml: string }[] }, lang: Lang, db?: Db): Promise<string[]> {
    const compiled = await this.compile(d.resources, lang);
    const run = async (tx: Db) => {
      const tenants = await this.targetTenants(actor, d.tenantIds, lang, tx);
      const ids: string[] = [];
      for (const tenantId of tenants) {
        const deploymentId = nextId();
        ids.push(deploymentId);
        await tx.insert(flowDeployment).values({
          id: deploymentId,
          tenantId,
          name: d.name.slice(0, 200),
          category: d.category || null,
          resources: d.resources.map((r) => ({ name: r.name, xml: r.xml })),
          createUser: actor.userId,
        });
        for (const r of compiled) {
          for (const p of r.processes) {
            const [{ v }] = (await tx
              .select({ v: max(flowDefinition.version) })
              .from(flowDefinition)
              .where(and(eq(flowDefinition.tenantId, tenantId), eq(flowDefinition.key, p.key)))) as [{ v: number | null }];
            const version = (v ?? 0) + 1;
            await tx.insert(flowDefinition).values({
              id: `${p.key}:${version}:${deploymentId}`.slice(0, 128),
              tenantId,
              key: p.key,
              name: (p.name || p.key).slice(0, 200),
              description: p.documentation?.slice(0, 1000) ?? null,
              version,
              category: d.category || null,
              model: p,
              resourceName: r.name.slice(0, 200),
              deploymentId,
            });
          }
        }
      }
      return ids;
    };
    return db ? run(db) : this.ctx.tx((tx) => run(tx));
  }

  /** The files of a deploy-upload request (and its `category` and `tenantIds` fields), checked and unpacked. */
  async receiveUpload(req: FastifyRequest, lang: Lang): Promise<{ category: string; tenantIds: string; resources: { name: string; xml: string }[] }> {
    if (!req.isMultipart()) throw flowError(lang, 'fileRequired');
    const fields: Record<string, string> = {};
    const files: { name: string; data: Buffer }[] = [];
    try {
      const parts = req.parts({ limits: { files: UPLOAD_LIMITS.maxFiles, fileSize: UPLOAD_LIMITS.maxBytes, fields: 20, fieldSize: 4096, parts: 40, headerPairs: 50 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.file.truncated) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
          if (data.length === 0 && !part.filename) continue;
          files.push({ name: cleanOriginalName(part.filename), data });
        } else {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw flowError(lang, 'fileTooLarge', { max: formatBytes(UPLOAD_LIMITS.maxBytes) });
      if (code?.startsWith('FST_')) throw flowError(lang, 'fileRequired');
      throw e;
    }
    if (!files.length) throw flowError(lang, 'fileRequired');
    const resources: { name: string; xml: string }[] = [];
    for (const f of files) {
      if (isProcessFile(f.name)) {
        resources.push({ name: f.name, xml: f.data.toString('utf8') });
      } else if (/\.(zip|bar)$/i.test(f.name)) {
        try {
          const inner = readProcessZip(f.data);
          if (!inner.length) throw flowError(lang, 'zipNoProcess');
          resources.push(...inner);
        } catch (e) {
          if (!(e instanceof ZipError)) throw e;
          const r = e.refusal;
          if (r.reason === 'badName') throw flowError(lang, 'zipBadName', { name: r.name });
          if (r.reason === 'tooManyEntries') throw flowError(lang, 'zipTooManyEntries', { max: 50 });
          if (r.reason === 'tooLarge') throw flowError(lang, 'zipTooLarge', { max: '10 MB' });
          throw flowError(lang, 'zipInvalid', { name: f.name.slice(0, 64) });
        }
      } else {
        throw flowError(lang, 'fileType', { name: f.name.slice(0, 64) });
      }
    }
    return { category: (fields.category ?? '').slice(0, 64), tenantIds: fields.tenantIds ?? '', resources };
  }

  async definitionList(actor: Actor, q: Record<string, unknown>) {
    const p = parsePaging(q, this.ctx.config.maxPageSize);
    const where = this.ctx.scope(actor).where(
      flowDefinition,
      str(q.category) ? eq(flowDefinition.category, str(q.category)) : undefined,
      str(q.key) ? eq(flowDefinition.key, str(q.key)) : undefined,
      str(q.name) ? ilike(flowDefinition.name, `%${escapeLike(str(q.name))}%`) : undefined,
    );
    return paged(
      p,
      this.ctx.db.select().from(flowDefinition).where(where).orderBy(desc(flowDefinition.deployTime), flowDefinition.key, desc(flowDefinition.version)).limit(p.size).offset(p.offset),
      this.ctx.db.select({ n: count() }).from(flowDefinition).where(where),
      definitionVO,
    );
  }

  async definition(actor: Actor, id: string, lang: Lang): Promise<DefinitionRow> {
    const [d] = id && id.length <= 128 ? await this.ctx.db.select().from(flowDefinition).where(this.ctx.scope(actor).where(flowDefinition, eq(flowDefinition.id, id))) : [];
    if (!d) throw flowError(lang, 'definitionNotFound');
    return d;
  }

  async changeState(actor: Actor, processId: string, state: string, lang: Lang) {
    if (state !== 'active' && state !== 'suspend') throw flowError(lang, 'paramRequired', { param: 'state' });
    const d = await this.definition(actor, processId, lang);
    await this.ctx.db.update(flowDefinition).set({ suspended: state === 'suspend' ? 1 : 0 }).where(eq(flowDefinition.id, d.id));
    return true;
  }

  async deleteDeployments(actor: Actor, raw: string, lang: Lang) {
    const ids = parseIds(raw);
    if (!ids.length) throw flowError(lang, 'paramRequired', { param: 'deploymentIds' });
    return this.ctx.tx(async (tx) => {
      const deps = await tx.select().from(flowDeployment).where(this.ctx.scope(actor).where(flowDeployment, inArray(flowDeployment.id, ids)));
      if (!deps.length) throw flowError(lang, 'deploymentNotFound');
      const defs = await tx.select({ id: flowDefinition.id }).from(flowDefinition).where(inArray(flowDefinition.deploymentId, deps.map((d) => d.id)));
      if (defs.length) {
        const [running] = await tx
          .select({ name: flowInstance.definitionName })
          .from(flowInstance)
          .where(and(inArray(flowInstance.definitionId, defs.map((d) => d.id)), eq(flowInstance.status, 'active')))
          .limit(1);
        if (running) throw flowError(lang, 'deploymentInUse', { name: running.name });
        await tx.delete(flowDefinition).where(inArray(flowDefinition.id, defs.map((d) => d.id)));
      }
      await tx.delete(flowDeployment).where(inArray(flowDeployment.id, deps.map((d) => d.id)));
      return true;
    });
  }

  /** The BPMN XML a definition was compiled from. */
  async definitionXml(d: DefinitionRow): Promise<string> {
    const [dep] = await this.ctx.db.select({ resources: flowDeployment.resources }).from(flowDeployment).where(eq(flowDeployment.id, d.deploymentId));
    const res = dep?.resources ?? [];
    return (res.find((r) => r.name === d.resourceName) ?? res.find((r) => r.xml.includes(`id="${d.key}"`)) ?? res[0])?.xml ?? '';
  }
}
