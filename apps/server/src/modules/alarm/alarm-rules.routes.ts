/**
 * `/api/skyworth-client/alarmDefinition/...` and `.../alarmThreshold/...` (contracts `alarm-rules.api`): HTTP ↔ the
 * catalogue and per-device threshold services.
 */
import type { FastifyInstance } from 'fastify';
import {
  alarmDefinitionDetail,
  alarmDefinitionList,
  alarmDefinitionUpdate,
  alarmThresholdDevice,
  alarmThresholdList,
  alarmThresholdRemove,
  alarmThresholdSave,
} from '@helio/contracts/modules/alarm/alarm-rules.api';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import { AlarmRulesService } from './alarm-rules.service.js';
import { AlarmThresholdService } from './alarm-rules.thresholds.js';

export function alarmRulesRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const rules = new AlarmRulesService(ctx);
  const thresholds = new AlarmThresholdService(ctx);
  route(app, alarmDefinitionList, (req) => rules.list(req.user!, req.query));
  route(app, alarmDefinitionDetail, (req) => rules.detail(req.user!, req.query.id));
  route(app, alarmDefinitionUpdate, (req) => rules.update(req.user!, req.body, req.lang));
  route(app, alarmThresholdList, (req) => thresholds.list(req.user!, req.query, req.lang));
  route(app, alarmThresholdDevice, (req) => thresholds.device(req.user!, req.query, req.lang));
  route(app, alarmThresholdSave, (req) => thresholds.save(req.user!, req.body, req.lang));
  route(app, alarmThresholdRemove, (req) => thresholds.remove(req.user!, req.body.ids));
}
