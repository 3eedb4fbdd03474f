/**
 * The code generator: a model (a table's columns, as described by its prototype rows) becomes a Helio module —
 * the contracts resource definition, the Drizzle table, the server routes (generic CRUD engine), its DDL, a vitest
 * test, and a web page — zipped with a README listing the one-line registrations. Naming and type rules:
 * codegen-naming.ts; the web page: codegen-web.ts.
 *
 * Nothing typed by a user is pasted into code unchecked: identifiers must match strict patterns (or generation
 * is refused), and every label or other text goes into the code as a JSON string literal.
 */
import { BizError } from '../../core/errors.js';
import type { FieldKind } from '@helio/contracts/crud/resource';
import type { Prototype } from '@helio/contracts/modules/model/model.resource';
import { AUDIT_COLUMNS, camel, COLUMN_NAME, human, js, JS_RESERVED, type Mapped, mapType, MODULE_KEY, PAGE_CODE, pascal, PROPERTY_NAME, RESERVED } from './codegen-naming.js';
import { webPage } from './codegen-web.js';

export { COLUMN_NAME, defaultPrototypes, MODULE_KEY, PAGE_CODE, pascal, PROPERTY_NAME, camel, mapType, type Prototype } from './codegen-naming.js';

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
