/**
 * Table and search-form columns from a resource definition: `kind` → ProTable `valueType`, dictionaries and fixed
 * choices → `valueEnum`, `search` → shown in the search form, `table: false` → hidden in the table.
 */
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import type { FieldDef, FieldKind, ResourceDef } from '@helio/contracts/crud/resource';
import type { DictItem } from './dict';
import { dictSourceKey } from './dict';
import { pickLabel } from './labels';
import type { TreeOption } from './options';
import { optionSourceKey, optionSourceOf, optionTitles } from './options';
import type { Row } from './use-crud-resource';

export interface ColumnOverride {
  /** Custom cell. */
  render?: (value: unknown, row: Row) => ReactNode;
  /** Hide or show in the table / search form regardless of the definition. */
  table?: boolean;
  search?: boolean;
  /** Column width. */
  width?: number;
}

export interface ColumnContext {
  language: string;
  t: TFunction;
  dicts: Record<string, DictItem[]>;
  options: Record<string, TreeOption[]>;
  overrides?: Record<string, ColumnOverride | undefined>;
}

const VALUE_TYPES: Record<FieldKind, string> = {
  text: 'text',
  textarea: 'textarea',
  number: 'digit',
  dict: 'select',
  dictbiz: 'select',
  select: 'select',
  tree: 'treeSelect',
  date: 'date',
  datetime: 'dateTime',
  switch: 'select',
  password: 'password',
  upload: 'text',
};

export function valueTypeOf(kind: FieldKind): string {
  return VALUE_TYPES[kind];
}

/** Choices of a dict/select/switch field as `[value, text]` pairs. */
export function choicesOf(field: FieldDef, ctx: Pick<ColumnContext, 'dicts' | 'language' | 't'>): [string, string][] {
  if ((field.kind === 'dict' || field.kind === 'dictbiz') && field.dict) {
    const items = ctx.dicts[dictSourceKey({ code: field.dict, biz: field.kind === 'dictbiz' })] ?? [];
    return items.map((i) => [i.dictKey, i.dictValue]);
  }
  if (field.kind === 'switch') {
    return [
      ['1', ctx.t('crud.yes')],
      ['0', ctx.t('crud.no')],
    ];
  }
  if (field.options) return field.options.map((o) => [String(o.value), pickLabel(o.label, ctx.language)]);
  return [];
}

function treeText(value: unknown, titles: Map<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value)
    .split(',')
    .filter(Boolean)
    .map((v) => titles.get(v) ?? v)
    .join(', ');
}

export function fieldsToColumns(def: Pick<ResourceDef, 'api' | 'tree' | 'fields'>, ctx: ColumnContext): ProColumns<Row>[] {
  const columns: ProColumns<Row>[] = [];
  for (const field of def.fields) {
    const override = ctx.overrides?.[field.key];
    const inTable = override?.table ?? field.table !== false;
    const inSearch = override?.search ?? Boolean(field.search);
    if (!inTable && !inSearch) continue;
    const title = pickLabel(field.label, ctx.language);
    const column: ProColumns<Row> = {
      title,
      dataIndex: field.key,
      key: field.key,
      valueType: valueTypeOf(field.kind) as ProColumns<Row>['valueType'],
      hideInTable: !inTable,
      hideInSearch: !inSearch,
      sorter: Boolean(field.sortable),
      ellipsis: field.kind === 'textarea' || field.kind === 'text',
      ...(override?.width ? { width: override.width } : {}),
    };
    const choices = choicesOf(field, ctx);
    if (field.kind === 'dict' || field.kind === 'dictbiz' || field.kind === 'select' || field.kind === 'switch') {
      const valueEnum = new Map<string, { text: string }>(choices.map(([v, text]) => [v, { text }]));
      column.valueEnum = valueEnum;
      column.fieldProps = { showSearch: true, allowClear: true };
      column.render = (_dom, row) => {
        const raw = row[field.key];
        if (raw === undefined || raw === null || raw === '') return '-';
        const texts = String(raw)
          .split(',')
          .map((v) => choices.find(([k]) => k === v)?.[1] ?? v);
        if (field.kind === 'switch') {
          return createElement(Tag, { color: String(raw) === '1' ? 'orange' : 'default' }, texts.join(', '));
        }
        return texts.join(', ');
      };
    }
    if (field.kind === 'tree') {
      const source = optionSourceOf(def, field);
      const options = source ? (ctx.options[optionSourceKey(source)] ?? []) : [];
      const titles = optionTitles(options);
      column.fieldProps = {
        treeData: options,
        fieldNames: { label: 'title', value: 'value', children: 'children' },
        showSearch: true,
        treeNodeFilterProp: 'title',
        allowClear: true,
      };
      column.render = (_dom, row) => treeText(row[field.key], titles) || '-';
    }
    if (override?.render) {
      const render = override.render;
      column.render = (_dom, row) => render(row[field.key], row);
    }
    columns.push(column);
  }
  return columns;
}
