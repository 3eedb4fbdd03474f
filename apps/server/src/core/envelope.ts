/**
 * The Blade `R` envelope: `{code, success, data, msg}` with `success = code === 200`, and the page object.
 */
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { msg } from './i18n.js';

import type { Page, R } from '@helio/contracts/envelope';

export type { Page, R };

export function ok<T>(req: FastifyRequest, data: T): R<T> {
  return {
    code: 200,
    success: true,
    data,
    msg: msg(req.lang, data === null || data === undefined ? 'noData' : 'success'),
  };
}

/** `R.status(bool)`: 200 操作成功 or 400 操作失败 (body code; HTTP 200, as Blade controllers return it). */
export function status(req: FastifyRequest, okay: boolean): R<Record<string, never>> {
  return okay
    ? { code: 200, success: true, data: {}, msg: msg(req.lang, 'success') }
    : { code: 400, success: false, data: {}, msg: msg(req.lang, 'failure') };
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** TypeBox schema of `R<T>` for route response documentation. */
export function RSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });
}

export function PageSchema<T extends TSchema>(item: T) {
  return Type.Object({
    records: Type.Array(item),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  });
}
