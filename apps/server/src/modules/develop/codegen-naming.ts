/**
 * The code generator's naming and typing rules: identifier patterns (nothing a user typed reaches code unless it
 * matches), reserved names, and how a column's SQL type maps to a field, a Drizzle column and a TypeBox shape.
 */
import type { FieldKind } from '@helio/contracts/crud/resource';
import type { Prototype } from '@helio/contracts/modules/model/model.resource';
import type { ColumnInfo } from './datasource.service.js';

export const COLUMN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const PROPERTY_NAME = /^[a-z][A-Za-z0-9]{0,62}$/;
export const MODULE_KEY = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const PAGE_CODE = /^[a-z][a-z0-9_]{1,63}$/;

/** Columns the engine owns (audit, tenant, soft delete): generated for every module, never form fields. */
export const AUDIT_COLUMNS = new Set(['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted', 'version']);

/** Module names taken by Helio itself (a generated module must not overwrite one when unzipped). */
export const RESERVED = new Set([
  'auth', 'user', 'role', 'dept', 'dict', 'dict-biz', 'menu', 'top-menu', 'tenant', 'tenant-package', 'system', 'region', 'scope',
  'log', 'resource', 'storage', 'sms', 'notice', 'develop', 'report', 'oss', 'attach', 'post', 'param', 'client', 'datasource', 'model',
  'code', 'telemetry', 'device', 'station', 'inverter', 'battery', 'guardian', 'alarm', 'ota', 'flow', 'work', 'epc', 'crud',
]);

export const JS_RESERVED = new Set(['constructor', 'prototype', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']);

export const camel = (s: string) => s.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (s: string) => {
  const c = camel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
export const human = (s: string) => {
  const words = s.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
export const js = (v: unknown) => JSON.stringify(v);

/** A prototype row (blade_model_prototype) as the generator reads it. */
export type { Prototype };

export interface Mapped {
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
