/**
 * Stage form values ↔ what the step endpoints post. The form holds wire values except for file fields, which hold
 * antd upload lists while files upload; `toWire` turns them back into attachment ids and drops what the schema
 * would refuse as empty (blank strings, nulls, empty optional lists and objects), so a draft of a half-filled form
 * is accepted (the server ignores only "required" on save).
 */
import type { UploadFile } from 'antd';
import type { FieldNode } from './schema-model';

type Rec = Record<string, unknown>;

export interface Uploaded {
  attachId: string;
  link?: string;
}

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Attachment ids as upload list entries (stored ones keep their id as `uid`). */
export const filesOf = (ids: unknown): UploadFile[] =>
  (Array.isArray(ids) ? ids : []).map((id) => ({ uid: String(id), name: String(id), status: 'done', response: { attachId: String(id) } }));

/** The ids of the uploaded entries of an upload list (ids themselves pass through). */
export const idsOf = (files: unknown): string[] =>
  (Array.isArray(files) ? files : []).flatMap((f: unknown) => {
    if (typeof f === 'string') return [f];
    const file = f as UploadFile;
    if (file?.status !== 'done') return [];
    const id = (file.response as Uploaded | undefined)?.attachId ?? file.uid;
    return id ? [String(id)] : [];
  });

export const stillUploading = (nodes: readonly FieldNode[], values: unknown): boolean =>
  nodes.some((n) => {
    const v = isRec(values) ? values[n.key] : undefined;
    if (n.kind === 'files') return Array.isArray(v) && v.some((f) => (f as UploadFile)?.status === 'uploading');
    if (n.kind === 'group' || n.kind === 'point') return stillUploading(n.children ?? [], v);
    if (n.kind === 'list') return Array.isArray(v) && v.some((row) => stillUploading(n.children ?? [], row));
    return false;
  });

/** Stored data → form values (file ids → upload lists). */
export function fromWire(nodes: readonly FieldNode[], data: unknown): Rec {
  const src = isRec(data) ? data : {};
  const out: Rec = { ...src };
  for (const n of nodes) {
    const v = src[n.key];
    if (n.kind === 'files') out[n.key] = filesOf(v);
    else if ((n.kind === 'group' || n.kind === 'point') && isRec(v)) out[n.key] = fromWire(n.children ?? [], v);
    else if (n.kind === 'list' && Array.isArray(v)) out[n.key] = v.map((row) => fromWire(n.children ?? [], row));
  }
  return out;
}

function leaf(n: FieldNode, v: unknown): unknown {
  if (v === undefined || v === null) return n.kind === 'boolean' && n.required ? false : undefined;
  switch (n.kind) {
    case 'files':
      return idsOf(v);
    case 'number':
    case 'integer': {
      if (v === '') return undefined;
      const num = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(num) ? num : v;
    }
    case 'boolean':
      return Boolean(v);
    case 'dicts':
    case 'strings':
      return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '' && x !== undefined && x !== null) : v;
    default:
      if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
      return v;
  }
}

/** Form values → the wire object of a form (see the module comment). */
export function toWire(nodes: readonly FieldNode[], values: unknown): Rec {
  const src = isRec(values) ? values : {};
  const out: Rec = {};
  for (const n of nodes) {
    let v: unknown;
    if (n.kind === 'group' || n.kind === 'point') {
      v = isRec(src[n.key]) ? toWire(n.children ?? [], src[n.key]) : undefined;
      if (isRec(v) && Object.keys(v).length === 0) v = n.required ? {} : undefined;
    } else if (n.kind === 'list') {
      const rows = Array.isArray(src[n.key]) ? (src[n.key] as unknown[]) : [];
      v = rows.filter(isRec).map((row) => toWire(n.children ?? [], row)).filter((row) => Object.keys(row).length > 0);
    } else {
      v = leaf(n, src[n.key]);
    }
    // An empty list the schema would refuse for its length is left out: "required" (ignored by a draft save).
    if (Array.isArray(v) && v.length === 0 && (!n.required || (n.minItems ?? 0) > 0)) v = undefined;
    if (v !== undefined) out[n.key] = v;
  }
  return out;
}
