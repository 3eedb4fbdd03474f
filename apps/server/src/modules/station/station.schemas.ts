/** Request schemas and route options the station and device routes share (`/api/skyworth-client/...`). */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Row } from './station.params.js';

export const BASE = '/api/skyworth-client';

type Optional = ReturnType<typeof Type.Optional>;

export const S = () => Type.Optional(Type.String());
const Q = (props: Record<string, Optional> = {}) =>
  Type.Object(
    {
      current: Type.Optional(Type.Integer({ minimum: 1 })),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      ...props,
    },
    { additionalProperties: true },
  );
export const IdQ = Type.Object({ id: Type.Optional(Type.String()), deviceSn: Type.Optional(Type.String()) }, { additionalProperties: true });
export const curveQ = Type.Object({ id: S(), deviceSn: S(), date: S(), fields: S() }, { additionalProperties: true });
export const monthQ = Type.Object({ id: S(), deviceSn: S(), month: S(), date: S() }, { additionalProperties: true });
export const pageQ = Type.Object({ id: S(), deviceSn: S(), current: Type.Optional(Type.Integer({ minimum: 1 })), size: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: true });

export const access = (permission: string | string[]) => ({ access: { permission } });
export const listSchema = (tag: string, summary: string, extra: Record<string, Optional> = {}) => ({ tags: [tag], summary, querystring: Q(extra) });
export const devSchema = (tag: string, summary: string, qs: ReturnType<typeof Type.Object> = IdQ) => ({ tags: [tag], summary, querystring: qs });

/** The query string as the services take it. */
export const q = (req: FastifyRequest) => (req.query ?? {}) as Row;
