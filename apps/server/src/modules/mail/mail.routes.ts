/**
 * Mail: configurations (CRUD, `enable`), `test-send` and the outbox (list, page, detail). HTTP ↔ mail.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { mailEnable, mailOutboxDetail, mailOutboxList, mailOutboxPage, mailTestSend, type MailOutboxVO } from '@helio/contracts/modules/mail/mail.api';
import { mailResource } from '@helio/contracts/modules/mail/mail.resource';
import type { ModuleContext } from '../../kernel/types.js';
import { route } from '../../kernel/http.js';
import { readOnlyRepository } from '../../core/read-routes.js';
import { registerCrud } from '../../crud/register-crud.js';
import type { MailService } from './mail.service.js';
import { mailConfig } from './mail.tables.js';

export function mailRoutes(app: FastifyInstance, s: ModuleContext, service: MailService): void {
  registerCrud(app, s, mailResource, mailConfig as never, service.hooks);

  route(app, mailEnable, async (req) => {
    const row = await service.enable(req.user!, req.query.id);
    s.use('log').logs.usual({ req, id: 'mail.enable', data: { id: row.id, name: row.name } });
    return { id: row.id };
  });

  route(app, mailTestSend, async (req) => {
    const sent = await service.testSend(req.user!, req.body, req.lang);
    s.use('log').logs.usual({ req, id: 'mail.test-send', data: { id: req.body.id } });
    return sent;
  });

  // The outbox: the read-only engine's repository behind contract endpoints (declared response shapes).
  const outbox = readOnlyRepository(s, service.outboxReads);
  type Vo = Static<typeof MailOutboxVO>;
  for (const endpoint of [mailOutboxList, mailOutboxPage]) {
    route(app, endpoint, async (req) => {
      const p = await outbox.page(req.user!, req.query as Record<string, unknown>);
      return { ...p, records: p.records as unknown as Vo[] };
    });
  }
  route(app, mailOutboxDetail, async (req) => (await outbox.detail(req.user!, req.query.id)) as unknown as Vo);
}
