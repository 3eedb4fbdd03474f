/**
 * The answers of the CRUD engine's routes, declared from the resource definition (Fastify `schema.response`: the
 * OpenAPI document, and the serialiser). Field values are declared without a type (`{}`), so the serialiser writes
 * them exactly as the repository made them (Blade clients read ids as strings, empty values as ''); the objects
 * allow more properties, which the modules' `decorate` hooks add (names, counts).
 */
import { Type, type TSchema } from 'typebox';
import { type ResourceDef } from '@helio/contracts/crud/resource';
import { envelopeOf } from '@helio/contracts/api/endpoint';
import { namedFields } from './dict-names.js';

const AUDIT = ['tenantId', 'status', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'version'] as const;
const any = (description: string) => Type.Optional(Type.Unknown({ description }));

export interface CrudShapes {
  /** A row as lists and details answer it. */
  vo: TSchema;
  list: TSchema;
  page: TSchema;
  lazyList: TSchema;
  nodes: TSchema;
  rows: TSchema;
  write: TSchema;
  done: TSchema;
}

/** The response schemas (`{200: R<…>}`) of one resource's routes. */
export function crudShapes(def: ResourceDef): CrudShapes {
  const vo = Type.Object(
    {
      id: Type.Unknown({ description: 'id (a string)' }),
      ...Object.fromEntries(def.fields.filter((f) => !f.secret).map((f) => [f.key, any(f.label.en)])),
      ...Object.fromEntries(def.fields.filter((f) => f.secret).map((f) => [f.key, any(`${f.label.en}: in a detail '********' when one is stored, never in lists`)])),
      ...Object.fromEntries(namedFields(def).map((f) => [`${f.key}Name`, any(`the name of ${f.key} in the caller's language`)])),
      ...Object.fromEntries(AUDIT.map((k) => [k, any(k)])),
    },
    { additionalProperties: true, description: `${def.title.en} (VO)` },
  );
  const node = Type.Object(
    { id: Type.Unknown(), parentId: any('parent id ("0": a root)'), title: any('title'), key: any('id'), value: any('id'), hasChildren: any('lazy trees'), children: Type.Optional(Type.Array(Type.Unknown())) },
    { additionalProperties: true },
  );
  const page = Type.Object({ records: Type.Array(vo), total: Type.Integer(), size: Type.Integer(), current: Type.Integer(), pages: Type.Integer() });
  return {
    vo,
    page,
    list: def.tree ? Type.Array(Type.Object({ ...vo.properties, children: Type.Optional(Type.Array(Type.Unknown())) }, { additionalProperties: true })) : page,
    lazyList: Type.Array(Type.Object({ ...vo.properties, hasChildren: Type.Optional(Type.Boolean()) }, { additionalProperties: true })),
    nodes: Type.Array(node),
    rows: Type.Array(vo),
    write: Type.Object({ id: any('the new id (inserts)') }, { additionalProperties: true, description: 'an insert: the new id (and what the module adds); an update: {}' }),
    done: Type.Object({}, { additionalProperties: true }),
  };
}

/** `{200: R<data>}`. */
export const answers = (data: TSchema) => ({ 200: envelopeOf(data) });
