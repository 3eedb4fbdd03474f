/** `/api/skyworth-client/alarmLog/count|countByPlant|analysis` (contracts `alarm-stats.api`): HTTP ↔ AlarmStatsService. */
import type { FastifyInstance } from 'fastify';
import { alarmLogAnalysis, alarmLogCount, alarmLogCountByPlant } from '@helio/contracts/modules/alarm/alarm-stats.api';
import type { ModuleContext } from '../../kernel/types.js';
import { route } from '../../kernel/http.js';
import { AlarmStatsService } from './alarm.stats.service.js';

export function alarmStatsRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const stats = new AlarmStatsService(ctx);
  route(app, alarmLogCount, (req) => stats.count(req.user!, req.query));
  route(app, alarmLogCountByPlant, (req) => stats.countByPlant(req.user!, req.query));
  route(app, alarmLogAnalysis, (req) => stats.analysis(req.user!, req.query, req.lang));
}
