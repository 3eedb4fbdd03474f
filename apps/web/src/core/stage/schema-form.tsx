/**
 * A contracts `FormDef` as antd form items, for any stage process (installer orders, maintenance orders): one widget
 * per schema node (`schema-model.ts`), the schema's limits as rules with the server's wording (`schema-rules.ts`),
 * labels from `<labelPrefix>.<field path>` (groups and lists: `<path>._label`, literal choices:
 * `<path>Options.<value>`). Renders inside the caller's `<Form>`; values are wire values except file lists
 * (`wire.ts` converts). Special fields (a phone with its dialling code, an address cascade, computed columns) are
 * `overrides` by field path. `SchemaView` (schema-view.tsx) shows stored data read-only.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { AutoComplete, Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Table } from 'antd';
import type { AutoCompleteProps, FormItemProps, RadioGroupProps, SelectProps } from 'antd';
import type { Rule, RuleRender } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { FormDef } from '@helio/contracts/process/types';
import { FileUpload } from './file-upload';
import { dictOptions, useLabels, useNodeDicts } from './schema-dicts';
import type { DictMap, Labels } from './schema-dicts';
import { formFields } from './schema-model';
import type { FieldNode } from './schema-model';
import { isEmptyObject, markRequired, nodeRules } from './schema-rules';
import './locale';

type NamePath = (string | number)[];

export interface WidgetContext {
  node: FieldNode;
  label: string;
  disabled: boolean;
  placeholder: string;
  /** The Form.Item name of the field (relative to a list row inside a list). */
  name: NamePath;
  /** Inside a list: the row's index (the input then carries its label, the table header shows it). */
  row?: number;
  dicts: DictMap;
  labels: Labels;
  /** True while a draft save validates (rules of custom items skip "required" then). */
  isDraft: () => boolean;
}

export interface FieldOverride {
  /** Replaces the input (the Form.Item, its label and rules stay). */
  widget?: (ctx: WidgetContext) => ReactNode;
  /** Replaces the whole item. */
  render?: (ctx: WidgetContext) => ReactNode;
  /** More checks after the schema's (a list's get the whole list). Return a message to refuse. */
  validate?: (value: unknown) => string | undefined;
  /** Lists: columns after the fields (computed values), and a footer under the table. */
  columns?: { key: string; title: string; render: (row: number) => ReactNode }[];
  footer?: ReactNode;
  hidden?: boolean;
  span?: number;
}

export interface SchemaFormProps {
  form: FormDef;
  /** The label keys' prefix, e.g. `epc-stage.form.customer`. */
  labelPrefix: string;
  overrides?: Record<string, FieldOverride | undefined>;
  disabled?: boolean;
  /** Read at validation time: a draft save skips "required". */
  isDraft?: () => boolean;
}

/** Editable table columns by widget (px): numbers narrow, long texts wide. */
const COLUMN_WIDTH: Partial<Record<FieldNode['kind'], number>> = { number: 110, integer: 100, boolean: 80, choice: 150, date: 150, textarea: 240, strings: 220, dicts: 200 };

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** A required Form.Item hands `aria-required` to the control; antd puts it on the select's wrapper (axe refuses it). */
export function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

/** The same for an AutoComplete (a Select underneath: the attribute lands on its wrapping `div`). */
export function FormAutoComplete({ 'aria-required': _required, ...props }: AutoCompleteProps & { 'aria-required'?: unknown }) {
  return <AutoComplete {...props} />;
}

/** The same for a radio group: antd draws it as a plain `div`, on which `aria-required` is not allowed. */
function FormRadioGroup({ 'aria-required': _required, ...props }: RadioGroupProps & { 'aria-required'?: unknown }) {
  return <Radio.Group {...props} />;
}

function adapters(node: FieldNode): Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> {
  if (node.kind === 'boolean') return { valuePropName: 'checked' };
  if (node.kind === 'date') {
    return {
      getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : undefined }),
      normalize: (d: dayjs.Dayjs | null) => (d ? d.format(d.hour() || d.minute() || d.second() ? DATETIME : DATE) : undefined),
    };
  }
  return {};
}

/** The default input of a leaf node. */
export function defaultWidget(ctx: WidgetContext): ReactNode {
  const { node, disabled, placeholder, dicts, labels, label } = ctx;
  // In a table cell the column header is the visible label; the input names itself.
  const named = ctx.row !== undefined ? { 'aria-label': label } : {};
  switch (node.kind) {
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={node.maxLength} showCount disabled={disabled} placeholder={placeholder} {...named} />;
    case 'number':
    case 'integer':
      return (
        <InputNumber
          style={{ width: '100%' }}
          // No min/max on the input: it would drop an out-of-range number silently; the rule says what is allowed.
          precision={node.kind === 'integer' ? 0 : undefined}
          disabled={disabled}
          placeholder={placeholder}
          {...named}
        />
      );
    case 'boolean':
      return node.required ? <Checkbox disabled={disabled}>{label}</Checkbox> : <Switch disabled={disabled} {...named} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} disabled={disabled} placeholder={placeholder} />;
    case 'dict':
    case 'dicts':
      return (
        <FormSelect
          allowClear
          showSearch
          optionFilterProp="label"
          mode={node.kind === 'dicts' ? 'multiple' : undefined}
          maxCount={node.maxItems}
          disabled={disabled}
          placeholder={placeholder}
          options={dictOptions(dicts[node.dict ?? ''])}
          {...named}
        />
      );
    case 'choice': {
      const options = (node.choices ?? []).map((v) => ({ value: v, label: labels.choice(node, v) }));
      return options.length <= 3 ? (
        <FormRadioGroup disabled={disabled} options={options} optionType="button" {...named} />
      ) : (
        <FormSelect allowClear disabled={disabled} placeholder={placeholder} options={options} {...named} />
      );
    }
    case 'files':
      return <FileUpload max={node.maxItems ?? 3} photos={(node.maxItems ?? 0) > 3} disabled={disabled} />;
    case 'strings':
      return <FormSelect mode="tags" open={false} maxCount={node.maxItems} disabled={disabled} placeholder={placeholder} tokenSeparators={[',', ';']} {...named} />;
    default:
      return <Input maxLength={node.maxLength} disabled={disabled} placeholder={placeholder} {...named} />;
  }
}

interface RenderArgs {
  overrides: Record<string, FieldOverride | undefined>;
  disabled: boolean;
  isDraft: () => boolean;
  dicts: DictMap;
  labels: Labels;
}

function contextOf(node: FieldNode, name: NamePath, args: RenderArgs, row?: number): WidgetContext {
  const label = args.labels.label(node);
  const choosing = ['dict', 'dicts', 'choice', 'date'].includes(node.kind);
  const placeholder = args.labels.t(choosing ? 'stage.placeholder.select' : 'stage.placeholder.input', { field: label });
  return { node, label, disabled: args.disabled, placeholder, name, dicts: args.dicts, labels: args.labels, isDraft: args.isDraft, ...(row !== undefined ? { row } : {}) };
}

function rulesOf(node: FieldNode, label: string, args: RenderArgs, override?: FieldOverride, name?: NamePath): Rule[] {
  const extra = override?.validate ? [override.validate] : [];
  const ctx = { label, language: args.labels.language, t: args.labels.t, isDraft: args.isDraft };
  if (!node.inOptional || !name || name.length < 2) return nodeRules(node, ctx, extra);
  // Inside an optional object: required only once the object holds something.
  const parent = name.slice(0, -1);
  const render: RuleRender = (f) => nodeRules(node, { ...ctx, parentEmpty: () => isEmptyObject(f.getFieldValue(parent)) }, extra)[0]!;
  return [render];
}

/** One leaf as a Form.Item (also used for the cells of an editable table, `inTable`). */
function leafItem(node: FieldNode, name: NamePath, args: RenderArgs, inTable = false, row?: number): ReactNode {
  const override = args.overrides[node.path];
  const ctx = contextOf(node, name, args, row);
  if (override?.render) return override.render(ctx);
  const widget = override?.widget ? override.widget(ctx) : defaultWidget(ctx);
  const checkbox = node.kind === 'boolean' && node.required;
  return (
    <Form.Item
      key={node.path}
      name={name}
      label={inTable || checkbox ? undefined : ctx.label}
      required={markRequired(node) && !node.inOptional && !args.disabled}
      rules={args.disabled ? [] : rulesOf(node, ctx.label, args, override, inTable ? undefined : name)}
      style={inTable ? { marginBottom: 0 } : undefined}
      {...adapters(node)}
    >
      {widget}
    </Form.Item>
  );
}

/** A list of objects as an editable table: a row per item, add and remove, the list's own limits under it. */
function ListTable({ node, name, args }: { node: FieldNode; name: NamePath; args: RenderArgs }) {
  const override = args.overrides[node.path];
  const label = args.labels.label(node);
  const t = args.labels.t;
  const children = (node.children ?? []).filter((c) => !args.overrides[c.path]?.hidden);
  return (
    <Form.List
      name={name}
      rules={args.disabled ? [] : nodeRules(node, { label, language: args.labels.language, t, isDraft: args.isDraft }, override?.validate ? [override.validate] : [])}
    >
      {(fields, { add, remove }, { errors }) => (
        <Card size="small" title={label} style={{ marginBottom: 16 }} data-testid={`list-${node.path}`}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            columns={[
              ...children.map((c) => ({
                key: c.key,
                width: COLUMN_WIDTH[c.kind] ?? 160,
                title: (
                  <span className={markRequired(c) ? 'stage-required' : undefined}>
                    {markRequired(c) && !args.disabled ? <span aria-hidden style={{ color: '#ff4d4f' }}>* </span> : null}
                    {args.labels.label(c)}
                  </span>
                ),
                render: (_: unknown, f: { name: number }) => leafItem(c, [f.name, c.key], args, true, f.name),
              })),
              ...(override?.columns ?? []).map((col) => ({ key: col.key, title: col.title, render: (_: unknown, f: { name: number }) => col.render(f.name) })),
              ...(args.disabled
                ? []
                : [
                    {
                      key: '_remove',
                      title: '',
                      width: 48,
                      render: (_: unknown, f: { name: number }) => (
                        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('stage.list.remove', { n: f.name + 1 })} onClick={() => remove(f.name)} />
                      ),
                    },
                  ]),
            ]}
          />
          <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
            <Form.ErrorList errors={errors} />
            {!args.disabled && (
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add({})} disabled={node.maxItems !== undefined && fields.length >= node.maxItems} block>
                {t('stage.list.add')}
              </Button>
            )}
            {override?.footer}
          </Space>
        </Card>
      )}
    </Form.List>
  );
}

function renderNodes(nodes: readonly FieldNode[], parent: NamePath, args: RenderArgs): ReactNode {
  return (
    <Row gutter={16}>
      {nodes.map((node) => {
        const override = args.overrides[node.path];
        if (override?.hidden) return null;
        const name = [...parent, node.key];
        if (override?.render && node.kind !== 'list') {
          return (
            <Col key={node.path} xs={24} sm={override.span ?? 12}>
              {override.render(contextOf(node, name, args))}
            </Col>
          );
        }
        if (node.kind === 'group' || node.kind === 'point') {
          return (
            <Col key={node.path} span={24}>
              <Card size="small" title={args.labels.label(node)} style={{ marginBottom: 16 }} data-testid={`group-${node.path}`}>
                {renderNodes(node.children ?? [], name, args)}
              </Card>
            </Col>
          );
        }
        if (node.kind === 'list') {
          return (
            <Col key={node.path} span={24}>
              <ListTable node={node} name={name} args={args} />
            </Col>
          );
        }
        const wide = node.kind === 'textarea' || node.kind === 'files';
        return (
          <Col key={node.path} xs={24} sm={override?.span ?? (wide ? 24 : 12)}>
            {leafItem(node, name, args)}
          </Col>
        );
      })}
    </Row>
  );
}

/** The items of one stage form, inside the caller's `<Form>` (see the module comment). */
export function SchemaFormFields({ form, labelPrefix, overrides = {}, disabled = false, isDraft }: SchemaFormProps) {
  const nodes = useMemo(() => formFields(form.schema), [form]);
  const dicts = useNodeDicts(nodes);
  const labels = useLabels(labelPrefix);
  const args: RenderArgs = { overrides, disabled, isDraft: isDraft ?? (() => false), dicts, labels };
  return <>{renderNodes(nodes, [], args)}</>;
}
