/**
 * The code generator: a model (a table's columns, as described by its prototype rows) becomes a Helio module —
 * the contracts resource definition, the Drizzle table, the server routes (generic CRUD engine), its DDL, a vitest
 * test, and a web page — zipped with a README listing the one-line registrations.
 *
 * Nothing typed by a user is pasted into code unchecked: identifiers must match strict patterns (or generation
 * is refused), and every label or other text goes into the code as a JSON string literal.
 */
import type { FieldKind } from '@helio/contracts/crud/resource';
import { BizError } from '../../core/errors.js';
import type { Prototype } from '@helio/contracts/modules/model/model.resource';
import type { ColumnInfo } from './datasource.service.js';

export const COLUMN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const PROPERTY_NAME = /^[a-z][A-Za-z0-9]{0,62}$/;
export const MODULE_KEY = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const PAGE_CODE = /^[a-z][a-z0-9_]{1,63}$/;

/** Columns the engine owns (audit, tenant, soft delete): generated for every module, never form fields. */
const AUDIT_COLUMNS = new Set(['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted', 'version']);

/** Module names taken by Helio itself (a generated module must not overwrite one when unzipped). */
const RESERVED = new Set([
  'auth', 'user', 'role', 'dept', 'dict', 'dict-biz', 'menu', 'top-menu', 'tenant', 'tenant-package', 'system', 'region', 'scope',
  'log', 'resource', 'storage', 'sms', 'notice', 'develop', 'report', 'oss', 'attach', 'post', 'param', 'client', 'datasource', 'model',
  'code', 'telemetry', 'device', 'station', 'inverter', 'battery', 'guardian', 'alarm', 'ota', 'flow', 'work', 'epc', 'crud',
]);

const JS_RESERVED = new Set(['constructor', 'prototype', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']);

export const camel = (s: string) => s.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (s: string) => {
  const c = camel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
const human = (s: string) => {
  const words = s.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const js = (v: unknown) => JSON.stringify(v);

/** A prototype row (blade_model_prototype) as the generator reads it. */
export type { Prototype };

interface Mapped {
  drizzle: (col: string) => string;
  imports: string[];
  ddl: string;
  kind: FieldKind;
  numeric: boolean;
  max?: number;
  /** A sample value for the generated test. */
  sample: unknown;
}

/** PostgreSQL type (format_type text) → Drizzle column, DDL, field kind. Undefined = not generatable. */
export function mapType(type: string, column: string): Mapped | undefined {
  const t = type.toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^(?:character varying|varchar|character|char)\((\d+)\)$/.exec(t))) {
    const n = Math.min(Number(m[1]), 10_000);
    return { drizzle: (c) => `varchar(${js(c)}, { length: ${n} })`, imports: ['varchar'], ddl: `varchar(${n})`, kind: n > 255 ? 'textarea' : 'text', numeric: false, max: n, sample: 'Sample'.slice(0, n) };
  }
  if (t === 'text' || t === 'character varying' || t === 'varchar') {
    return { drizzle: (c) => `text(${js(c)})`, imports: ['text'], ddl: 'text', kind: 'textarea', numeric: false, max: 10_000, sample: 'Sample text' };
  }
  if (t === 'uuid') return { drizzle: (c) => `uuid(${js(c)})`, imports: ['uuid'], ddl: 'uuid', kind: 'text', numeric: false, sample: '7a1c5b3e-1f2d-4c5b-9a8e-0b1c2d3e4f50' };
  if (t === 'smallint') return { drizzle: (c) => `smallint(${js(c)})`, imports: ['smallint'], ddl: 'smallint', kind: 'number', numeric: true, sample: 1 };
  if (t === 'integer') return { drizzle: (c) => `integer(${js(c)})`, imports: ['integer'], ddl: 'integer', kind: 'number', numeric: true, sample: 1 };
  if (t === 'bigint') {
    if (column === 'id' || column.endsWith('_id')) {
      // Ids stay strings (they exceed 2^53), as everywhere in Helio.
      return { drizzle: (c) => `id(${js(c)})`, imports: [], ddl: 'bigint', kind: 'text', numeric: false, sample: '1123598821738675201' };
    }
    return { drizzle: (c) => `bigint(${js(c)}, { mode: 'number' })`, imports: ['bigint'], ddl: 'bigint', kind: 'number', numeric: true, sample: 1 };
  }
  if ((m = /^numeric\((\d+),(\d+)\)$/.exec(t))) {
    const [p, s] = [Number(m[1]), Number(m[2])];
    return { drizzle: (c) => `numeric(${js(c)}, { precision: ${p}, scale: ${s}, mode: 'number' })`, imports: ['numeric'], ddl: `numeric(${p},${s})`, kind: 'number', numeric: true, sample: 1.5 };
  }
  if (t === 'numeric') return { drizzle: (c) => `numeric(${js(c)}, { mode: 'number' })`, imports: ['numeric'], ddl: 'numeric', kind: 'number', numeric: true, sample: 1.5 };
  if (t === 'real') return { drizzle: (c) => `real(${js(c)})`, imports: ['real'], ddl: 'real', kind: 'number', numeric: true, sample: 1.5 };
  if (t === 'double precision') return { drizzle: (c) => `doublePrecision(${js(c)})`, imports: ['doublePrecision'], ddl: 'double precision', kind: 'number', numeric: true, sample: 1.5 };
  if (t === 'boolean') return { drizzle: (c) => `boolean(${js(c)})`, imports: ['boolean'], ddl: 'boolean', kind: 'switch', numeric: false, sample: true };
  if (/^timestamp(\(\d\))? with(out)? time zone$/.test(t)) {
    return { drizzle: (c) => `timestamp(${js(c)}, { withTimezone: true, mode: 'date' })`, imports: ['timestamp'], ddl: 'timestamp with time zone', kind: 'datetime', numeric: false, sample: '2026-01-01 08:00:00' };
  }
  if (t === 'date') return { drizzle: (c) => `date(${js(c)}, { mode: 'string' })`, imports: ['date'], ddl: 'date', kind: 'date', numeric: false, sample: '2026-01-01' };
  return undefined;
}

/** Default prototype rows for a table's columns (what `model-prototype` offers before it is saved). */
export function defaultPrototypes(columns: ColumnInfo[]): Prototype[] {
  return columns.map((c, i) => {
    const audit = AUDIT_COLUMNS.has(c.name);
    const mapped = mapType(c.type, c.name);
    const usable = !audit && mapped !== undefined && COLUMN_NAME.test(c.name);
    const isText = mapped?.kind === 'text';
    return {
      jdbcName: c.name,
      jdbcType: c.type,
      jdbcComment: c.comment,
      propertyName: camel(c.name),
      isList: usable && mapped!.kind !== 'textarea' ? 1 : 0,
      isForm: usable ? 1 : 0,
      isRequired: usable && !c.nullable && !c.hasDefault ? 1 : 0,
      isQuery: usable && isText && i < 4 ? 1 : 0,
      queryType: isText ? 'like' : 'equal',
      componentType: mapped?.kind ?? 'text',
      dictCode: null,
      sort: i + 1,
    };
  });
}

export interface GenSpec {
  moduleKey: string;
  pageCode: string;
  api: string;
  webPath: string;
  title: { zh: string; en: string };
  table: string;
  prototypes: Prototype[];
}

interface GenField {
  column: string;
  key: string;
  label: { zh: string; en: string };
  mapped: Mapped;
  kind: FieldKind;
  required: boolean;
  list: boolean;
  query: 'like' | 'equal' | undefined;
  dict: string | undefined;
}

function fieldsOf(spec: GenSpec): { fields: GenField[]; skipped: string[] } {
  const fields: GenField[] = [];
  const skipped: string[] = [];
  const keys = new Set<string>();
  for (const p of [...spec.prototypes].sort((a, b) => a.sort - b.sort)) {
    if (!COLUMN_NAME.test(p.jdbcName)) throw new BizError('identifierInvalid', { name: p.jdbcName.slice(0, 63) });
    if (AUDIT_COLUMNS.has(p.jdbcName)) continue;
    const mapped = mapType(p.jdbcType ?? '', p.jdbcName);
    if (!mapped) {
      skipped.push(p.jdbcName);
      continue;
    }
    if (!p.isForm && !p.isList) continue;
    const key = p.propertyName || camel(p.jdbcName);
    if (!PROPERTY_NAME.test(key) || JS_RESERVED.has(key) || keys.has(key)) throw new BizError('identifierInvalid', { name: key.slice(0, 63) });
    keys.add(key);
    const dict = p.dictCode && /^[a-z][a-z0-9_]{0,63}$/.test(p.dictCode) ? p.dictCode : undefined;
    const comment = (p.jdbcComment ?? '').trim().slice(0, 60);
    fields.push({
      column: p.jdbcName,
      key,
      label: { zh: comment || human(p.jdbcName), en: human(p.jdbcName) },
      mapped,
      kind: dict ? 'dict' : mapped.kind,
      required: p.isRequired === 1,
      list: p.isList === 1,
      query: p.isQuery === 1 ? (p.queryType === 'equal' || mapped.numeric ? 'equal' : 'like') : undefined,
      dict,
    });
  }
  if (fields.length === 0) throw new BizError('codeGenFailed', { reason: 'no usable columns' });
  return { fields, skipped };
}

/** The files of one module, by path inside the Helio tree. */
export function generateModule(spec: GenSpec): Map<string, string> {
  if (!MODULE_KEY.test(spec.moduleKey) || spec.moduleKey.length > 40 || RESERVED.has(spec.moduleKey)) {
    throw new BizError('identifierInvalid', { name: spec.moduleKey.slice(0, 40) });
  }
  if (!PAGE_CODE.test(spec.pageCode)) throw new BizError('identifierInvalid', { name: spec.pageCode.slice(0, 63) });
  if (!COLUMN_NAME.test(spec.table)) throw new BizError('identifierInvalid', { name: spec.table.slice(0, 63) });
  if (!/^\/api(\/[a-z0-9-]+){1,4}$/.test(spec.api) || !/^(\/[a-z0-9-]+){1,4}$/.test(spec.webPath)) {
    throw new BizError('identifierInvalid', { name: `${spec.api} ${spec.webPath}`.slice(0, 80) });
  }
  const { fields, skipped } = fieldsOf(spec);
  const m = spec.moduleKey;
  const resName = `${camel(m)}Resource`;
  const tableVar = camel(m);
  const pageComp = `${pascal(m)}Page`;
  const files = new Map<string, string>();

  // ---- contracts: the resource definition --------------------------------------------------------------------
  const fieldLines = fields.map((f) => {
    const parts = [`key: ${js(f.key)}`, `label: { zh: ${js(f.label.zh)}, en: ${js(f.label.en)} }`, `kind: ${js(f.kind)}`];
    if (f.dict) parts.push(`dict: ${js(f.dict)}`);
    if (f.mapped.numeric) parts.push('numeric: true');
    if (f.query) parts.push(`search: ${js(f.query)}`);
    if (!f.list) parts.push('table: false');
    const rules: string[] = [];
    if (f.required) rules.push('required: true');
    if (f.mapped.max !== undefined && !f.mapped.numeric) rules.push(`max: ${f.mapped.max}`);
    if (f.mapped.ddl === 'bigint' && !f.mapped.numeric) rules.push(`pattern: ${js('^\\d{1,19}$')}`);
    if (rules.length) parts.push(`rules: { ${rules.join(', ')} }`);
    if (f.kind === 'textarea') parts.push('span: 24');
    return `    { ${parts.join(', ')} },`;
  });
  files.set(
    `packages/contracts/src/modules/${m}/${m}.resource.ts`,
    `/** Generated by the Helio code generator from table ${spec.table}. */
import { defineResource } from '../../crud/resource.js';
import type { PageCode } from '../../permissions.js';

export const ${resName} = defineResource({
  name: ${js(m)},
  // Add this page to permissions.ts (see the README of the generated module); the cast keeps it compiling until then.
  page: ${js(spec.pageCode)} as PageCode,
  api: ${js(spec.api)},
  title: { zh: ${js(spec.title.zh)}, en: ${js(spec.title.en)} },
  tenantScoped: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  ui: { dialogWidth: 800, maskClosable: false },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: [
${fieldLines.join('\n')}
  ],
});
`,
  );

  // ---- server: table, routes, DDL ----------------------------------------------------------------------------
  const imports = new Set(['index', 'pgTable']);
  for (const f of fields) for (const i of f.mapped.imports) imports.add(i);
  files.set(
    `apps/server/src/modules/${m}/${m}.tables.ts`,
    `/** Generated by the Helio code generator: table ${spec.table}. Its migration: \`npm run db:generate -- --name=${m}\`. */
import { ${[...imports].sort().join(', ')} } from 'drizzle-orm/pg-core';
import { audit, id, tenantId } from '../../db/columns.js';

export const ${tableVar} = pgTable(
  ${js(spec.table)},
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
${fields.map((f) => `    ${f.key}: ${f.mapped.drizzle(f.column)}${f.required ? '.notNull()' : ''},`).join('\n')}
    ...audit(),
  },
  (t) => [index(${js(`${spec.table}_tenant_idx`.slice(0, 63))}).on(t.tenantId, t.isDeleted, t.createTime)],
);
`,
  );

  const datetimeKeys = fields.filter((f) => f.kind === 'datetime').map((f) => f.key);
  const hook = datetimeKeys.length
    ? `, {
    // Date-times arrive as "yyyy-MM-dd HH:mm:ss" in the deployment's zone.
    beforeWrite: (call, _row, values) => {
      for (const key of DATETIME_KEYS) {
        if (typeof values[key] !== 'string') continue;
        const d = parseDateTime(values[key]);
        if (!d) throw new BizError('invalidFormat', { field: label(call.lang, ${resName}.fields.find((f) => f.key === key)!.label) });
        values[key] = d;
      }
    },
  }`
    : '';
  files.set(
    `apps/server/src/modules/${m}/module.ts`,
    `/** Generated by the Helio code generator: the ${m} module, served by the generic CRUD engine (found by the kernel by itself). */
import { ${resName} } from '@helio/contracts/modules/${m}/${m}.resource';
import { defineModule } from '../../kernel/types.js';
${datetimeKeys.length ? "import { parseDateTime } from '../../core/dates.js';\nimport { BizError } from '../../core/errors.js';\nimport { label } from '../../core/i18n.js';\n" : ''}import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { ${tableVar} } from './${m}.tables.js';
${datetimeKeys.length ? `\nconst DATETIME_KEYS = ${js(datetimeKeys)};\n` : ''}
export default defineModule({
  name: ${js(m)},
  routes: (app, ctx) => void registerCrud(app, ctx, ${resName}, ${tableVar} as unknown as AuditedTable${hook}),
});
`,
  );

  // ---- server test -------------------------------------------------------------------------------------------
  const sample = Object.fromEntries(fields.filter((f) => f.kind !== 'dict').map((f) => [f.key, f.mapped.sample]));
  const textKey = fields.find((f) => !f.mapped.numeric && (f.kind === 'text' || f.kind === 'textarea') && f.mapped.ddl !== 'bigint' && f.mapped.ddl !== 'uuid');
  const required = fields.filter((f) => f.required);
  files.set(
    `apps/server/test/${m}.test.ts`,
    `/** Generated by the Helio code generator: the ${m} module through the real app and database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${resName} } from '@helio/contracts/modules/${m}/${m}.resource';
import { createTestApp, type TestApp } from './helper.js';

const api = ${resName}.api;
const sample: Record<string, unknown> = ${js(sample)};

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(async () => t?.stop());

describe(${js(m)}, () => {
  it('adds, lists, shows, updates and removes a row', async () => {
    const add = await t.req({ method: 'POST', url: \`\${api}/submit\`, headers: h, payload: sample });
    expect(add.json()).toMatchObject({ code: 200, success: true });
    const id = add.json().data.id as string;
    const list = (await t.req({ method: 'GET', url: \`\${api}/list\`, headers: h })).json();
    expect(list.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const detail = (await t.req({ method: 'GET', url: \`\${api}/detail?id=\${id}\`, headers: h })).json();
    expect(detail.data.id).toBe(id);
${textKey ? `    expect(detail.data[${js(textKey.key)}]).toBe(sample[${js(textKey.key)}]);
    const upd = await t.req({ method: 'POST', url: \`\${api}/submit\`, headers: h, payload: { id, ${js(textKey.key)}: 'Changed' } });
    expect(upd.json().success).toBe(true);
    expect((await t.req({ method: 'GET', url: \`\${api}/detail?id=\${id}\`, headers: h })).json().data[${js(textKey.key)}]).toBe('Changed');
` : ''}    const del = await t.req({ method: 'POST', url: \`\${api}/remove?ids=\${id}\`, headers: h });
    expect(del.json().success).toBe(true);
    expect((await t.req({ method: 'GET', url: \`\${api}/detail?id=\${id}\`, headers: h })).statusCode).toBe(400);
  });
${required.length ? `
  it('refuses a row without its required fields', async () => {
    const res = await t.req({ method: 'POST', url: \`\${api}/submit\`, headers: h, payload: {} });
    expect(res.statusCode).toBe(400);
  });
` : ''}
  it('needs a signed-in user', async () => {
    expect((await t.req({ method: 'GET', url: \`\${api}/list\` })).statusCode).toBe(401);
  });
});
`,
  );

  // ---- web page ----------------------------------------------------------------------------------------------
  files.set(`apps/web/src/features/${m}/${m}-page.tsx`, webPage(resName, m, pageComp));
  files.set(
    `apps/web/src/features/${m}/feature.ts`,
    `/** Generated by the Helio code generator: the ${m} feature (found by the app shell by itself). */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  pages: [{ path: ${js(spec.webPath)}, page: page(() => import('./${m}-page'), ${js(pageComp)}) }],
});
`,
  );

  // ---- README ------------------------------------------------------------------------------------------------
  const menuCode = spec.pageCode;
  files.set(
    `README-${m}.md`,
    `# Generated module \`${m}\` (table \`${spec.table}\`)

Unzip at the root of the Helio tree; everything compiles as it is, and the server and the web find the module by
themselves (\`module.ts\`, \`feature.ts\`). To put it live:

1. \`packages/contracts/src/permissions.ts\` — its page (the permission contract) in an area:
   \`{ code: '${menuCode}', path: '${spec.webPath}', buttons: CRUD },\` (and its names in \`seed/menu-names.ts\`)
2. its migration, generated from \`${m}.tables.ts\`: \`npm run db:generate -w apps/server -- --name=${m}\`

Then \`npx vitest run test/${m}.test.ts\` in apps/server.
${skipped.length ? `\nColumns left out (types the generator does not map): ${skipped.map((s) => `\`${s}\``).join(', ')}.\n` : ''}`,
  );
  return files;
}

/** The generated web page: a complete list/search/add/edit/delete page driven by the resource definition. */
function webPage(resName: string, m: string, comp: string): string {
  return `/** Generated by the Helio code generator: the ${m} page (list, search, add, edit, delete), driven by its definition. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@helio/contracts/crud/resource';
import { ${resName} as resource } from '@helio/contracts/modules/${m}/${m}.resource';
import { http } from '@/core/http/http';
import type { Page } from '@/core/http/types';

type Row = Record<string, unknown> & { id: string };
type Values = Record<string, unknown>;

const FIELDS = resource.fields as readonly FieldDef[];
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const DATE = 'YYYY-MM-DD';

function control(f: FieldDef) {
  switch (f.kind) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker format={DATE} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch />;
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={f.rules?.max} />;
    default:
      return <Input maxLength={f.rules?.max} />;
  }
}

/** Form values → request body (dates as Blade strings). */
function toBody(values: Values): Values {
  const out: Values = {};
  for (const f of FIELDS) {
    const v = values[f.key];
    if (v === undefined) continue;
    out[f.key] = dayjs.isDayjs(v) ? v.format(f.kind === 'date' ? DATE : DATE_TIME) : v;
  }
  return out;
}

/** A row → form values (date strings as dayjs). */
function toForm(row: Row): Values {
  const out: Values = {};
  for (const f of FIELDS) {
    const v = row[f.key];
    out[f.key] = (f.kind === 'datetime' || f.kind === 'date') && typeof v === 'string' && v ? dayjs(v) : v === '' ? undefined : v;
  }
  return out;
}

export function ${comp}() {
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const en = i18n.language === 'en-US';
  const text = useCallback((l: { zh: string; en: string }) => (en ? l.en : l.zh), [en]);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  /** undefined: dialog closed; null: adding; a row: editing. */
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const [search] = Form.useForm<Values>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await http.get<Page<Row>>(\`\${resource.api}/list\`, { params: { ...paging, ...filters } });
      setRows(data.records);
      setTotal(data.total);
    } catch {
      // the client has shown the server's message
    } finally {
      setLoading(false);
    }
  }, [paging, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = (row: Row | null) => {
    setEditing(row);
    form.resetFields();
    if (row) form.setFieldsValue(toForm(row) as Parameters<typeof form.setFieldsValue>[0]);
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await http.post(\`\${resource.api}/submit\`, { data: { ...toBody(values), ...(editing ? { id: editing.id } : {}) } });
      void message.success(en ? 'Saved' : '操作成功');
      setEditing(undefined);
      void load();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const remove = async (ids: string[]) => {
    if (ids.length === 0) {
      void message.warning(en ? 'Please select at least one record' : '请选择至少一条数据');
      return;
    }
    try {
      await http.post(\`\${resource.api}/remove\`, { params: { ids: ids.join(',') } });
      void message.success(en ? 'Deleted' : '操作成功');
      setSelected([]);
      void load();
    } catch {
      // the client has shown the server's message
    }
  };

  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      ...FIELDS.filter((f) => f.table !== false).map((f) => ({
        key: f.key,
        dataIndex: f.key,
        title: text(f.label),
        render: (v: unknown) => (typeof v === 'boolean' ? (v ? '✓' : '') : v === null || v === undefined ? '' : String(v)),
      })),
      {
        key: '__actions',
        title: en ? 'Actions' : '操作',
        width: 160,
        render: (_: unknown, row: Row) => (
          <Space>
            <Button type="link" size="small" onClick={() => open(row)}>
              {en ? 'Edit' : '编辑'}
            </Button>
            <Popconfirm title={en ? 'Delete the selected data?' : '确定将选择数据删除?'} onConfirm={() => void remove([row.id])}>
              <Button type="link" size="small" danger>
                {en ? 'Delete' : '删除'}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // open/remove only close over stable setters and the form
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [en, text],
  );

  const searchable = FIELDS.filter((f) => f.search);

  return (
    <Card title={text(resource.title)}>
      {searchable.length > 0 && (
        <Form
          form={search}
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={(v) => {
            setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '').map(([k, x]) => [k, String(x)])));
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        >
          {searchable.map((f) => (
            <Form.Item key={f.key} name={f.key} label={text(f.label)}>
              <Input allowClear />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {en ? 'Search' : '搜索'}
              </Button>
              <Button
                onClick={() => {
                  search.resetFields();
                  setFilters({});
                }}
              >
                {en ? 'Reset' : '清空'}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open(null)}>
          {en ? 'Add' : '新增'}
        </Button>
        <Popconfirm title={en ? 'Delete the selected data?' : '确定将选择数据删除?'} onConfirm={() => void remove(selected)}>
          <Button danger>{en ? 'Delete' : '删除'}</Button>
        </Popconfirm>
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100, 200],
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <Modal
        open={editing !== undefined}
        title={text(resource.title)}
        width={resource.ui?.dialogWidth ?? 800}
        maskClosable={resource.ui?.maskClosable ?? false}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {FIELDS.filter((f) => f.form !== false).map((f) => (
            <Form.Item
              key={f.key}
              name={f.key}
              label={text(f.label)}
              valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
              rules={f.rules?.required ? [{ required: true, message: en ? \`\${f.label.en} is required\` : \`\${f.label.zh}不能为空\` }] : []}
            >
              {control(f)}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Card>
  );
}
`;
}
