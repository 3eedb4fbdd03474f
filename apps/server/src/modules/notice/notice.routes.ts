/**
 * blade-desk notices: CRUD through the engine with the module's rules (notice.service.ts: content sanitised before
 * it is stored, release time parsed in the deployment's zone, `categoryName` from the `notice` dictionary), plus
 * what every signed-in user needs: `unread` (released notices of the caller's tenant the caller has not read) and
 * `read?id=` (the notice with its content, marked read for the caller). HTTP ↔ notice.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { noticeResource } from '@helio/contracts/modules/notice/notice.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { ok } from '../../core/envelope.js';
import { isId, parseIds } from '../../core/ids.js';
import { registerCrud } from '../../crud/register-crud.js';
import { notice } from '../../db/schema.js';
import type { NoticeService } from './notice.service.js';

export function noticeRoutes(app: FastifyInstance, s: ModuleContext, notices: NoticeService): void {
  registerCrud(app, s, noticeResource, notice as never, notices.hooks);

  app.get(
    '/api/blade-desk/notice/unread',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['notice'],
        summary: "Released notices of the caller's tenant that the caller has not read (newest first, at most 50)",
      },
    },
    async (req) => ok(req, await notices.unread(req.user!, req.lang)),
  );

  app.post(
    '/api/blade-desk/notice/read',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['notice'],
        summary: 'Open a notice of your tenant: answers it with its content and marks it read for you (id=, or ids=1,2 to mark several)',
        querystring: Type.Object({ id: Type.Optional(Type.String()), ids: Type.Optional(Type.String()) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const q = req.query as { id?: string; ids?: string };
      const one = q.id !== undefined;
      const opened = await notices.read(req.user!, req.lang, one ? (isId(q.id) ? [q.id!] : []) : parseIds(q.ids));
      return ok(req, one ? opened[0] : opened);
    },
  );
}
