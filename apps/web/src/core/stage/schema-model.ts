/**
 * A stage form's TypeBox object (contracts `FormDef.schema`, plain JSON schema) read as a tree of fields the renderer
 * draws: each property becomes a node with a widget kind and the limits the server checks (required = not Optional,
 * maxLength, pattern, minimum/maximum, minItems/maxItems, `dict`). Pure: no React, no i18n.
 */

/** The JSON-schema keywords the stage forms use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** The business dictionary of a coded value (contracts order.forms `Dict`, `Dicts`). */
  dict?: string;
}

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'dict'
  | 'dicts'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'choice'
  | 'files'
  | 'strings'
  | 'point'
  | 'group'
  | 'list';

export interface FieldLimits {
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface FieldNode extends FieldLimits {
  /** The property name. */
  key: string;
  /** Dotted path from the form root (`roof.type`; items of a list: `materials.sku`). */
  path: string;
  kind: FieldKind;
  dict?: string;
  /** `choice`: the literal values, in schema order. */
  choices?: string[];
  /** `group`, `point`, `list`: the fields of the object (of one row for a list). */
  children?: FieldNode[];
  /** `strings`: the item limits. */
  item?: FieldLimits;
  /** Inside an optional object (a map point, a backup contact): required only once the object has any value. */
  inOptional?: boolean;
}

/** Strings longer than this are edited in a text area. */
export const TEXTAREA_FROM = 500;
/** Wire dates (contracts order.forms `DateText`): `yyyy-MM-dd` with an optional time. */
export const DATE_TEXT_PATTERN = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function limitsOf(s: JsonSchema, required: boolean): FieldLimits {
  const out: FieldLimits = { required };
  for (const k of ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'minItems', 'maxItems'] as const) {
    if (s[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = s[k];
  }
  return out;
}

/** A latitude/longitude object (contracts order.forms `Point`). */
const isPoint = (s: JsonSchema) => {
  const keys = Object.keys(s.properties ?? {});
  return keys.length === 2 && keys.includes('latitude') && keys.includes('longitude');
};

/**
 * Arrays of short id strings with no dictionary are file (attachment) ids: contracts `Files()` (at most 3) and
 * `Photos()`. Other string arrays (emergency numbers, PPE, serials) have an item limit of its own or no `maxItems`
 * in the file range; the renderer is told which ones are files by `isFileList`.
 */
export function isFileList(s: JsonSchema): boolean {
  const it = s.items;
  return (
    typeOf(s) === 'array' &&
    !s.dict &&
    !!it &&
    typeOf(it) === 'string' &&
    it.maxLength === 64 &&
    it.minLength === 1 &&
    !it.pattern &&
    (s.maxItems === 3 || s.maxItems === 30)
  );
}

export function fieldOf(key: string, s: JsonSchema, required: boolean, parent = '', inOptional = false): FieldNode {
  const path = parent ? `${parent}.${key}` : key;
  const base = { key, path, ...limitsOf(s, required), ...(inOptional ? { inOptional } : {}) };
  if (s.anyOf) {
    const literals = s.anyOf.filter((a) => a.const !== undefined).map((a) => String(a.const));
    if (literals.length === s.anyOf.length) return { ...base, kind: 'choice', choices: literals };
    const inner = s.anyOf.find((a) => typeOf(a) !== 'null');
    return inner ? fieldOf(key, inner, required, parent, inOptional) : { ...base, kind: 'text' };
  }
  switch (typeOf(s)) {
    case 'object':
      return { ...base, kind: isPoint(s) ? 'point' : 'group', children: childrenOf(s, path, inOptional || !required) };
    case 'array': {
      const it = s.items ?? {};
      if (s.dict) return { ...base, kind: 'dicts', dict: s.dict };
      if (typeOf(it) === 'object') return { ...base, kind: 'list', children: childrenOf(it, path) };
      if (isFileList(s)) return { ...base, kind: 'files' };
      return { ...base, kind: 'strings', item: limitsOf(it, true) };
    }
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'integer':
      return { ...base, kind: 'integer' };
    case 'number':
      return { ...base, kind: 'number' };
    default:
      if (s.dict) return { ...base, kind: 'dict', dict: s.dict };
      if (s.pattern === DATE_TEXT_PATTERN) return { ...base, kind: 'date' };
      return { ...base, kind: (s.maxLength ?? 0) >= TEXTAREA_FROM ? 'textarea' : 'text' };
  }
}

/** The fields of an object; `inOptional` when the object (or one around it) may be left out. List rows start anew. */
export function childrenOf(s: JsonSchema, parent = '', inOptional = false): FieldNode[] {
  const req = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([k, v]) => fieldOf(k, v, req.has(k), parent, inOptional));
}

/** The fields of a form schema (a `TObject`, read as JSON schema). */
export function formFields(schema: object): FieldNode[] {
  return childrenOf(schema as JsonSchema);
}

/** Every node of a tree, depth first (groups and lists included). */
export function flattenFields(nodes: readonly FieldNode[]): FieldNode[] {
  return nodes.flatMap((n) => [n, ...flattenFields(n.children ?? [])]);
}

/** The label key of a node below `prefix`: leaves `<prefix>.<path>`, groups and lists `<prefix>.<path>._label`. */
export function labelKey(prefix: string, node: Pick<FieldNode, 'path' | 'kind'>): string {
  const container = node.kind === 'group' || node.kind === 'list' || node.kind === 'point';
  return `${prefix}.${node.path}${container ? '._label' : ''}`;
}

/** The label key of a literal choice: `<prefix>.<path>Options.<value>`. */
export const choiceKey = (prefix: string, node: Pick<FieldNode, 'path'>, value: string) => `${prefix}.${node.path}Options.${value}`;
