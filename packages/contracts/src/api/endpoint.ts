/**
 * API shapes shared by both apps: one `defineEndpoint({...})` per route holds its method, URL, access, request and
 * response schemas (TypeBox). The server registers the route from it (validation, serialisation, OpenAPI: kernel/http.ts),
 * the web calls it through a typed fetcher (core/http/endpoint.ts) — one schema, no hand-written response types.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';

/** Who may call: public, any signed-in user, or any one of the permission codes (the administrator passes). */
export type EndpointAccess = { public: true } | { login: true } | { permission: string | readonly string[] };

export interface Endpoint<Q extends TSchema = TSchema, B extends TSchema = TSchema, D extends TSchema = TSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: EndpointAccess;
  summary: string;
  tags: string[];
  querystring?: Q;
  body?: B;
  /** The schema of `R.data` (the envelope around it is added for the response). */
  data: D;
}

export function defineEndpoint<Q extends TSchema = TSchema, B extends TSchema = TSchema, D extends TSchema = TSchema>(e: Endpoint<Q, B, D>): Endpoint<Q, B, D> {
  return e;
}

/**
 * An object or null, as one schema (`type: ['object', 'null']`) rather than `Type.Union([obj, Type.Null()])`: the
 * response serialiser writes it directly, where a union of an object makes it pick the branch with a JSON-schema
 * validator compiled at the first answer (which failed intermittently in the test suite, a 500 on
 * `alarmThreshold/device`, with a code-generation error inside that validator).
 */
export function NullableObject<T extends TObject>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ type: ['object', 'null'], required: schema.required, properties: schema.properties });
}

/** `{code, success, data, msg}` around a data schema. */
export function envelopeOf<D extends TSchema>(data: D) {
  return Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });
}

export type QueryOf<E> = E extends Endpoint<infer Q, TSchema, TSchema> ? Static<Q> : never;
export type BodyOf<E> = E extends Endpoint<TSchema, infer B, TSchema> ? Static<B> : never;
export type DataOf<E> = E extends Endpoint<TSchema, TSchema, infer D> ? Static<D> : never;
