/**
 * Form items from a resource definition: one widget per `kind`, rules from the shared field rules (so the messages
 * are the server's), values kept in wire format (strings, numbers, comma-joined ids, 0/1 switches).
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Row as GridRow, Select, Switch, TreeSelect } from 'antd';
import type { FormInstance, FormItemProps, SelectProps } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDef } from '@helio/contracts/crud/resource';
import { useDicts } from './dict';
import type { DictSource } from './dict';
import { choicesOf } from './fields-to-columns';
import { pickLabel } from './labels';
import { useOptionSources } from './options';
import type { OptionSource, TreeOption } from './options';
import { optionSourceKey, optionSourceOf } from './options';
import { antdRules, fieldRule } from './rules';
import type { Row } from './use-crud-resource';

export type FormMode = 'add' | 'edit' | 'view';

export interface FieldWidgetContext {
  field: FieldDef;
  mode: FormMode;
  disabled: boolean;
  form: FormInstance;
  record?: Row;
  /** The loaded choices of a tree/select field. */
  options: TreeOption[];
  placeholder: string;
}

export interface FormFieldOverride {
  /** Replace the input widget (the Form.Item, label and shared rules stay). */
  widget?: (ctx: FieldWidgetContext) => ReactNode;
  /** Replace the whole form item. */
  item?: (ctx: FieldWidgetContext) => ReactNode;
  /** Rules added after the shared one (per mode when a function). */
  rules?: Rule[] | ((mode: FormMode) => Rule[]);
  /** The field is required in these modes although the definition does not say so (e.g. a secret when adding). */
  requiredIn?: readonly FormMode[];
  hidden?: boolean | ((mode: FormMode) => boolean);
  disabled?: boolean | ((mode: FormMode) => boolean);
  extra?: ReactNode;
  span?: number;
  itemProps?: Partial<FormItemProps>;
}

/** The definition fields a form shows in a mode (`form: 'add'` only when adding, `'edit'` only when not). */
export function formFieldsOf(fields: readonly FieldDef[], mode: FormMode): FieldDef[] {
  return fields.filter((f) => {
    if (f.form === false || f.form === 'api') return false;
    if (f.form === 'add') return mode === 'add';
    if (f.form === 'edit') return mode !== 'add';
    return true;
  });
}

export function dictSourcesOf(fields: readonly FieldDef[]): DictSource[] {
  const seen = new Map<string, DictSource>();
  for (const f of fields) {
    if ((f.kind === 'dict' || f.kind === 'dictbiz') && f.dict) {
      const s = { code: f.dict, biz: f.kind === 'dictbiz' };
      seen.set(`${s.biz}:${s.code}`, s);
    }
  }
  return [...seen.values()];
}

export function optionSourcesOf(def: Pick<ResourceDef, 'api' | 'tree'> | undefined, fields: readonly FieldDef[]): OptionSource[] {
  const seen = new Map<string, OptionSource>();
  for (const f of fields) {
    if (f.kind !== 'tree' && f.kind !== 'select') continue;
    const s = optionSourceOf(def, f);
    if (s) seen.set(optionSourceKey(s), s);
  }
  return [...seen.values()];
}

const split = (v: unknown): string[] =>
  v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v.map(String) : String(v).split(',').filter(Boolean);

/** Options with the node `id` and its descendants disabled (a record cannot become its own child). */
function withoutSubtree(options: readonly TreeOption[], id: string | undefined): TreeOption[] {
  if (!id) return options as TreeOption[];
  const mark = (list: readonly TreeOption[], inside: boolean): TreeOption[] =>
    list.map((o) => {
      const disabled = inside || o.value === id;
      return { ...o, ...(disabled ? { disabled: true } : {}), ...(o.children ? { children: mark(o.children, disabled) } : {}) };
    });
  return mark(options, false);
}

const DATE_FORMAT = 'YYYY-MM-DD';
const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** How a field's wire value maps to its widget (antd `getValueProps` / `normalize`). */
function valueAdapters(field: FieldDef, isParentKey: boolean): Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> {
  switch (field.kind) {
    case 'switch':
      return {
        valuePropName: 'checked',
        getValueProps: (v: unknown) => ({ checked: Number(v) === 1 }),
        normalize: (checked: boolean) => (checked ? 1 : 0),
      };
    case 'date':
    case 'datetime': {
      const format = field.kind === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
      return {
        getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : undefined }),
        normalize: (d: dayjs.Dayjs | null) => (d ? d.format(format) : ''),
      };
    }
    case 'tree':
    case 'select':
    case 'dict':
    case 'dictbiz':
      if (field.multiple) {
        return {
          getValueProps: (v: unknown) => ({ value: split(v).map((x) => (field.numeric ? Number(x) : x)) }),
          normalize: (list: unknown) =>
            (Array.isArray(list) ? list : [])
              .map((x) => (x && typeof x === 'object' && 'value' in x ? (x as { value: unknown }).value : x))
              .join(','),
        };
      }
      if (isParentKey) {
        return {
          getValueProps: (v: unknown) => ({ value: v === undefined || v === null || v === '' || String(v) === '0' ? undefined : String(v) }),
          normalize: (v: unknown) => (v === undefined || v === null || v === '' ? '0' : v),
        };
      }
      return {
        getValueProps: (v: unknown) => ({
          value: v === undefined || v === null || v === '' ? undefined : field.numeric ? Number(v) : String(v),
        }),
        normalize: (v: unknown) => (v === undefined || v === null ? '' : v),
      };
    default:
      return {};
  }
}

export interface CrudFormFieldsProps {
  def?: Pick<ResourceDef, 'api' | 'tree'>;
  fields: readonly FieldDef[];
  mode: FormMode;
  form: FormInstance;
  record?: Row;
  overrides?: Record<string, FormFieldOverride | undefined>;
  /** The whole form is read-only (view, or saving). */
  disabled?: boolean;
}

export function CrudFormFields({ def, fields, mode, form, record, overrides, disabled = false }: CrudFormFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const dictSources = useMemo(() => dictSourcesOf(fields), [fields]);
  const optionSources = useMemo(() => optionSourcesOf(def, fields), [def, fields]);
  const dicts = useDicts(dictSources);
  const loaded = useOptionSources(optionSources);

  return (
    <GridRow gutter={16}>
      {fields.map((field) => {
        const override = overrides?.[field.key];
        const hidden = typeof override?.hidden === 'function' ? override.hidden(mode) : Boolean(override?.hidden);
        if (hidden) return null;
        const label = pickLabel(field.label, language);
        const isParentKey = Boolean(def?.tree && def.tree.parentKey === field.key);
        const source = optionSourceOf(def, field);
        const rawOptions = source ? (loaded[optionSourceKey(source)] ?? []) : [];
        const options = isParentKey && mode !== 'add' ? withoutSubtree(rawOptions, record?.id) : rawOptions;
        const fieldDisabled =
          disabled || (typeof override?.disabled === 'function' ? override.disabled(mode) : Boolean(override?.disabled));
        const choosing = ['dict', 'dictbiz', 'select', 'tree', 'date', 'datetime'].includes(field.kind);
        const placeholder = t(choosing ? 'crud.placeholder.select' : 'crud.placeholder.input', { field: label });
        const ctx: FieldWidgetContext = { field, mode, disabled: fieldDisabled, form, record, options, placeholder };
        const span = override?.span ?? field.span ?? 12;
        if (override?.item) {
          return (
            <Col key={field.key} xs={24} sm={span}>
              {override.item(ctx)}
            </Col>
          );
        }
        const rule = override?.requiredIn?.includes(mode) ? { ...fieldRule(field), required: true } : fieldRule(field);
        const extraRules = typeof override?.rules === 'function' ? override.rules(mode) : (override?.rules ?? []);
        const widget = override?.widget ? override.widget(ctx) : defaultWidget(ctx, dicts, language, t);
        return (
          <Col key={field.key} xs={24} sm={span}>
            <Form.Item
              name={field.key}
              label={label}
              required={Boolean(rule.required) && mode !== 'view'}
              rules={mode === 'view' ? [] : [...antdRules(rule, language, field.requiredMessage), ...extraRules]}
              validateTrigger={field.validateOn === 'blur' ? 'onBlur' : 'onChange'}
              extra={override?.extra}
              {...valueAdapters(field, isParentKey)}
              {...override?.itemProps}
            >
              {widget}
            </Form.Item>
          </Col>
        );
      })}
    </GridRow>
  );
}

/**
 * A required Form.Item hands its control `aria-required`; antd puts it on the select's wrapper div, where ARIA does not
 * allow it (axe aria-allowed-attr). The label's required mark and the rule's message say it instead.
 */
function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

function defaultWidget(
  ctx: FieldWidgetContext,
  dicts: ReturnType<typeof useDicts>,
  language: string,
  t: ReturnType<typeof useTranslation>['t'],
): ReactNode {
  const { field, disabled, placeholder, options } = ctx;
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} disabled={disabled} placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} />;
    case 'password':
      return <Input.Password autoComplete="new-password" disabled={disabled} placeholder={placeholder} />;
    case 'switch':
      return <Switch disabled={disabled} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} />;
    case 'datetime':
      return <DatePicker showTime style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} />;
    case 'dict':
    case 'dictbiz':
    case 'select': {
      const choices =
        field.kind === 'select' && !field.options
          ? options.map((o) => [o.value, o.title] as [string, string])
          : choicesOf(field, { dicts, language, t });
      return (
        <FormSelect
          allowClear
          showSearch
          optionFilterProp="label"
          mode={field.multiple ? 'multiple' : undefined}
          disabled={disabled}
          placeholder={placeholder}
          options={choices.map(([value, label]) => ({ value: field.numeric ? Number(value) : value, label }))}
          // A stored value with no dictionary item (e.g. 0 = none) shows as empty rather than as a raw key.
          labelRender={(item) => item.label ?? ''}
        />
      );
    }
    case 'tree':
      return (
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeData={options}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          treeCheckable={field.multiple}
          treeCheckStrictly={field.multiple && field.checkStrictly}
          showCheckedStrategy={field.multiple ? TreeSelect.SHOW_ALL : undefined}
          treeDefaultExpandAll={field.checkStrictly}
          maxTagCount={field.multiple ? 'responsive' : undefined}
          disabled={disabled}
          placeholder={placeholder}
          popupMatchSelectWidth
          styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
        />
      );
    default:
      return <Input disabled={disabled} placeholder={placeholder} />;
  }
}
