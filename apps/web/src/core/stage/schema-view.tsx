/**
 * A stage form's stored data, read-only: descriptions per group, a table per list, dictionary and choice values by
 * their labels, files — and any value that is the id of a known file (a drawn signature) — as thumbnails (pictures,
 * enlarged on click) or named links, from the `files` the caller knows (else as download links, `attach/download`).
 * Same labels as `SchemaFormFields`.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Card, Descriptions, Image, Space, Table, Typography } from 'antd';
import type { FormDef } from '@helio/contracts/process/types';
import { downloadFile } from '@/core/http/download';
import { useLabels, useNodeDicts, valueText } from './schema-dicts';
import type { DictMap, Labels } from './schema-dicts';
import { formFields } from './schema-model';
import type { FieldNode } from './schema-model';
import './locale';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});

export interface SchemaViewProps {
  form: FormDef;
  labelPrefix: string;
  data: unknown;
  /** Values shown instead of the default text, by field path (e.g. a phone with its dialling code). */
  render?: Record<string, ((value: unknown, data: Rec) => ReactNode) | undefined>;
  /** Files by attachment id (name, signed link, whether a picture): shown as what they are. */
  files?: Readonly<Record<string, ViewFile>>;
  /** Extra cells after a list's fields, by list path. */
  columns?: Record<string, { key: string; title: string; render: (row: Rec, index: number) => ReactNode }[] | undefined>;
}

export interface ViewFile {
  name: string;
  link: string;
  image: boolean;
}

/** An attachment, downloaded with the session's headers (`attach/download`). */
const download = (id: string) => void downloadFile('/api/blade-resource/attach/download', { id }, id).catch(() => undefined);

function fileView(id: string, file: ViewFile | undefined): ReactNode {
  if (!file) {
    return (
      <Typography.Link key={id} onClick={() => download(id)}>
        {id}
      </Typography.Link>
    );
  }
  if (file.image) return <Image key={id} src={file.link} alt={file.name} width={96} style={{ objectFit: 'contain', background: '#fff' }} />;
  return (
    <Typography.Link key={id} href={file.link} target="_blank" rel="noreferrer">
      {file.name}
    </Typography.Link>
  );
}

function leafValue(node: FieldNode, value: unknown, dicts: DictMap, labels: Labels, files: SchemaViewProps['files']): ReactNode {
  if (node.kind === 'files') {
    const ids = Array.isArray(value) ? value.map(String) : [];
    if (!ids.length) return labels.t('stage.none');
    return <Space wrap>{ids.map((id) => fileView(id, files?.[id]))}</Space>;
  }
  if (typeof value === 'string' && files?.[value]) return fileView(value, files[value]);
  if (node.kind === 'point') {
    const p = rec(value);
    return p.latitude === undefined ? labels.t('stage.none') : `${String(p.latitude)}, ${String(p.longitude)}`;
  }
  return valueText(node, value, dicts, labels, labels.t) || labels.t('stage.none');
}

function viewNodes(nodes: readonly FieldNode[], data: Rec, props: SchemaViewProps, dicts: DictMap, labels: Labels): ReactNode {
  const leaves = nodes.filter((n) => n.kind !== 'group' && n.kind !== 'list');
  const containers = nodes.filter((n) => n.kind === 'group' || n.kind === 'list');
  return (
    <>
      {leaves.length > 0 && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={leaves.map((n) => ({
            key: n.path,
            label: labels.label(n),
            children: props.render?.[n.path]?.(data[n.key], data) ?? leafValue(n, data[n.key], dicts, labels, props.files),
          }))}
        />
      )}
      {containers.map((n) =>
        n.kind === 'group' ? (
          <Card key={n.path} size="small" title={labels.label(n)} style={{ marginTop: 12 }}>
            {viewNodes(n.children ?? [], rec(data[n.key]), props, dicts, labels)}
          </Card>
        ) : (
          <Card key={n.path} size="small" title={labels.label(n)} style={{ marginTop: 12 }}>
            <Table
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowKey="__row"
              dataSource={(Array.isArray(data[n.key]) ? (data[n.key] as unknown[]) : []).map((r, i) => ({ ...rec(r), __row: i }))}
              locale={{ emptyText: labels.t('stage.list.empty') }}
              columns={[
                ...(n.children ?? []).map((c) => ({
                  key: c.key,
                  title: labels.label(c),
                  render: (_: unknown, row: Rec) => props.render?.[c.path]?.(row[c.key], row) ?? leafValue(c, row[c.key], dicts, labels, props.files),
                })),
                ...(props.columns?.[n.path] ?? []).map((col) => ({ key: col.key, title: col.title, render: (_: unknown, row: Rec) => col.render(row, Number(row.__row)) })),
              ]}
            />
          </Card>
        ),
      )}
    </>
  );
}

/** The stored data of one form, read-only. */
export function SchemaView(props: SchemaViewProps) {
  const nodes = useMemo(() => formFields(props.form.schema), [props.form]);
  const dicts = useNodeDicts(nodes);
  const labels = useLabels(props.labelPrefix);
  return <div data-testid={`schema-view-${props.form.key}`}>{viewNodes(nodes, rec(props.data), props, dicts, labels)}</div>;
}
