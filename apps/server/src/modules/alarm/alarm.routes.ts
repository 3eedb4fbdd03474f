/** `/api/skyworth-client/alarmLog/...` and `.../alarmLogOperationRecord/...` (contracts `alarm.api`): HTTP ↔ AlarmService. */
import type { FastifyInstance } from 'fastify';
import { alarmLogAcknowledge, alarmLogDetail, alarmLogList, alarmRecordList, alarmRecordSave, plantAgentViewInfo } from '@helio/contracts/modules/alarm/alarm.api';
import { route } from '../../kernel/http.js';
import type { PlantAgentService } from './alarm.agent.js';
import type { AlarmService } from './alarm.service.js';

export function alarmRoutes(app: FastifyInstance, alarms: AlarmService, agents: PlantAgentService): void {
  route(app, alarmLogList, (req) => alarms.list(req.user!, req.query, req.lang));
  route(app, alarmLogDetail, (req) => alarms.detail(req.user!, req.query.id, req.lang));
  route(app, alarmLogAcknowledge, (req) => alarms.acknowledge(req.user!, req.body.ids));
  route(app, alarmRecordSave, (req) => alarms.saveRecord(req.user!, req.body));
  route(app, alarmRecordList, (req) => alarms.records(req.user!, req.query));
  route(app, plantAgentViewInfo, (req) => agents.view(req.user!, req.query));
}
