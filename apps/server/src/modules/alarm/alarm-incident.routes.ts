/** `/api/skyworth-client/alarmIncident/...` (contracts `alarm-incident.api`): HTTP ↔ IncidentService. */
import type { FastifyInstance } from 'fastify';
import { alarmIncidentDetail, alarmIncidentHandle, alarmIncidentList } from '@helio/contracts/modules/alarm/alarm-incident.api';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import { IncidentService } from './alarm-incident.service.js';

export function incidentRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const incidents = new IncidentService(ctx);
  route(app, alarmIncidentList, (req) => incidents.list(req.user!, req.query, req.lang));
  route(app, alarmIncidentDetail, (req) => incidents.detail(req.user!, req.query.id, req.lang));
  route(app, alarmIncidentHandle, (req) => incidents.handle(req.user!, req.body));
}
