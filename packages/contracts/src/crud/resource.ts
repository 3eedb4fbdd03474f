/**
 * Resource definitions: one declarative description per plain entity, read by BOTH the server's generic CRUD engine
 * (routes, permissions, tenant scoping, filter/sort allow-lists, validation) and the web's generic CRUD page (table,
 * search form, dialog, buttons). Adding a plain module = a definition + labels.
 */
import type { ButtonAction, PageCode } from '../permissions.js';
import type { FieldRule, Label } from '../validation.js';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'dict'
  | 'dictbiz'
  | 'select'
  | 'tree'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'password'
  | 'upload';

export interface FieldDef {
  /** API name (camelCase) = Drizzle column key. */
  key: string;
  label: Label;
  kind: FieldKind;
  /** Dictionary code for `dict` / `dictbiz`. */
  dict?: string;
  /** Validation beyond the label (required, max, pattern …), checked on both sides. */
  rules?: Omit<FieldRule, 'label'>;
  /** Shown as a table column (default true). */
  table?: boolean;
  /** Search form: how the list filters on it (omitted = not searchable). */
  search?: 'like' | 'equal';
  /**
   * In the add/edit form (default true); 'add' = only when creating; 'api' = not in Helio's forms, but stored when an
   * API client sends it (fields only SpringBlade's clients know, which their edit forms show again).
   */
  form?: boolean | 'add' | 'edit' | 'api';
  /** May be used in ascs/descs. */
  sortable?: boolean;
  /** Unique among live rows (within the tenant when tenant-scoped). */
  unique?: boolean;
  /**
   * A secret (passwords, keys): never in lists; a detail answers `SECRET_MASK` when one is stored (Blade clients'
   * edit forms require the field), and a save that sends the mask back — or nothing, or an empty value — keeps the
   * stored secret.
   */
  secret?: boolean;
  /**
   * What an insert stores when the client leaves the field out of the body altogether (stock Blade clients do not
   * know several fields the spec requires). An empty value that is sent is still refused by `rules.required`, and an
   * edit that leaves the field out keeps the stored value. Helio's own forms keep requiring the field.
   */
  omitted?: OmittedDefault;
  /** Numeric value (stored as a number). */
  numeric?: boolean;
  /** Form grid span (24 = full width). */
  span?: number;
  /** `tree` / `select`: several values, sent comma-joined. */
  multiple?: boolean;
  /** `tree` + `multiple`: every node is chosen on its own (ticking a parent does not tick its children). */
  checkStrictly?: boolean;
  /**
   * `tree` / `select`: where the choices come from (GET, `R<rows | tree | page>`); `labelKey` (default `title`) and
   * `valueKey` (default `id`). A tree entity's own parent key defaults to its `tree` route.
   */
  optionsFrom?: { url: string; labelKey?: string; valueKey?: string };
  /** `select`: fixed choices. */
  options?: readonly { value: string | number; label: Label }[];
  /** The spec's own wording for a missing required value (e.g. '请输入产品包名称'), instead of '<label>不能为空'. */
  requiredMessage?: Label;
  /** When the form checks the field (default: on change). */
  validateOn?: 'change' | 'blur';
}

/**
 * The default of a field an insert leaves out: a fixed `value`, or one the server works out `from` a named source —
 * the engine's `requestLanguage` (the caller's language), or one the resource's module provides. `inherit`: a tree
 * entity's child takes its parent's value instead. `doc` says what it is, in English, for the API documentation.
 */
export type OmittedDefault =
  | { value: string | number; inherit?: boolean; doc?: string }
  | { from: string; inherit?: boolean; doc: string };

/** What a detail answers for a stored secret; sent back in a save, it keeps the stored one. */
export const SECRET_MASK = '********';

/** The API documentation of a field's default when omitted (OpenAPI descriptions, docs). */
export function omittedDoc(o: OmittedDefault | undefined): string | undefined {
  if (!o) return undefined;
  const what = 'value' in o ? (o.doc ? `${JSON.stringify(o.value)} (${o.doc})` : JSON.stringify(o.value)) : o.doc;
  return `Left out on insert: ${what}${o.inherit ? "; a child takes its parent's value" : ''}.`;
}

export type CrudAction = 'add' | 'edit' | 'delete' | 'view' | 'batchDelete';

export interface ResourceDef {
  /** kebab-case name, e.g. 'tenant-package'. */
  name: string;
  /** Menu/page code: read permission, and the prefix of the button codes. */
  page: PageCode;
  /** API base, e.g. '/api/blade-system/param'. */
  api: string;
  title: Label;
  tenantScoped: boolean;
  /** Platform-wide settings only platform users (tenant 000000) may read or change, whatever their role. */
  platformOnly?: boolean;
  fields: readonly FieldDef[];
  actions: readonly CrudAction[];
  ui?: { dialogWidth?: number; maskClosable?: boolean };
  /** Default order: field and direction. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Tree entity: `list` answers the whole (filtered) tree, `tree` answers title nodes, `lazy-list` one level. */
  tree?: { parentKey: string; titleKey: string };
  /** Serves `GET …/select`: unpaged rows for drop-downs, labelled by this field. */
  select?: { labelKey: string };
  /**
   * Also serves `POST …/page/{size}/{current}` with the list's filters (and `ascs`/`descs`) as a JSON body — the
   * spec's list form for SKUs and maintenance orders — under the same allow-lists, permissions and tenant scoping as
   * `GET …/list`. Not for tree entities.
   */
  postPage?: boolean;
  /**
   * Optimistic locking (default true): rows carry `version` (detail, list); an edit that sends back the version it
   * read is refused with 409 when the row changed since. `false` only for a table without the column.
   */
  versioned?: boolean;
}

/**
 * Optimistic locking, for every editable row: the key of its version in VOs and edit bodies, its label (messages),
 * and the HTTP status and `R.code` of a stale edit. An edit without a version is accepted (last writer wins): stock
 * Blade clients do not know the field; Helio's console always sends it.
 */
export const VERSION_KEY = 'version';
export const VERSION_LABEL: Label = { zh: '版本', en: 'Version' };
export const CONFLICT_CODE = 409;

/** Whether a resource's rows carry a version. */
export function isVersioned(def: Pick<ResourceDef, 'versioned'>): boolean {
  return def.versioned !== false;
}

export function defineResource<const T extends ResourceDef>(def: T): T {
  return def;
}

/** The button permission of an action on a resource (`param_add`). */
export function actionCode(def: Pick<ResourceDef, 'page'>, action: Exclude<ButtonAction, never>): string {
  return `${def.page}_${action}`;
}

/** Field rules (with labels) of the form fields, for `checkRules`. */
export function formRules(def: ResourceDef): Record<string, FieldRule> {
  const out: Record<string, FieldRule> = {};
  for (const f of def.fields) {
    if (f.form === false) continue;
    out[f.key] = { label: f.label, ...(f.rules ?? {}), ...(f.numeric ? { numeric: true } : {}) };
  }
  return out;
}
