/** HTTP ↔ the settings services (contracts `settings.api`, `settings.resource`). */
import type { FastifyInstance } from 'fastify';
import {
  approvalList,
  approveCommand,
  commandDetail,
  commandList,
  commonSetupQueryAll,
  guardianAlarmSetup,
  guardianGateSetup,
  inverterMode,
  issueSettings,
  mappingBySetItem,
  operationLogList,
  rejectCommand,
  restoreVersion,
  setItemDetail,
  versionList,
} from '@helio/contracts/modules/settings/settings.api';
import { ADDRESS_MAP_SHEET_KEY, addressMapResource, SET_ITEM_SHEET_KEY, setItemResource } from '@helio/contracts/modules/settings/settings.resource';
import { registerCrud } from '../../crud/register-crud.js';
import type { AuditedTable } from '../../crud/types.js';
import { route } from '../../kernel/http.js';
import type { ModuleContext } from '../../kernel/types.js';
import { configVersionRoutes, platformSheet } from './config-versions.routes.js';
import { approvalPage } from './settings.approvals.js';
import { SettingsIssueService } from './settings.issue.js';
import { SettingsQueries } from './settings.queries.js';
import { addressMap, setItem } from './settings.tables.js';

export function settingsRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  // The custom look-ups first: `getSetItemDetail` is not a CRUD route.
  const q = new SettingsQueries(ctx);
  const issue = new SettingsIssueService(ctx);
  route(app, setItemDetail, (req) => q.itemDetail(req.user!, req.query.id));
  route(app, mappingBySetItem, (req) => q.mappingBySetItem(req.user!, req.body));
  // Excel: an item is identified by device type, model and key; a register by manufacturer, protocol version, address.
  const items = registerCrud(app, ctx, setItemResource, setItem as unknown as AuditedTable);
  platformSheet(app, ctx, items, { key: SET_ITEM_SHEET_KEY });
  const registers = registerCrud(app, ctx, addressMapResource, addressMap as unknown as AuditedTable);
  platformSheet(app, ctx, registers, { key: ADDRESS_MAP_SHEET_KEY });
  configVersionRoutes(app, ctx);

  route(app, commonSetupQueryAll, (req) => q.form(req.user!, req.lang, req.query.deviceSn, req.query.settingType ? [req.query.settingType] : undefined));
  route(app, inverterMode, (req) => q.form(req.user!, req.lang, req.query.deviceSn, ['mode'], 1));
  route(app, guardianAlarmSetup, (req) => q.form(req.user!, req.lang, req.query.deviceSn, ['alarm'], 3));
  route(app, guardianGateSetup, (req) => q.form(req.user!, req.lang, req.query.deviceSn, ['gate', 'protection'], 3));

  route(app, issueSettings, (req) => issue.issue(req.user!, req.lang, req.body));
  route(app, commandList, (req) => q.commands(req.user!, req.lang, req.query));
  route(app, commandDetail, (req) => issue.detail(req.user!, req.lang, req.query.id));
  route(app, approveCommand, (req) => issue.approve(req.user!, req.lang, req.body.id));
  route(app, approvalList, (req) => approvalPage(ctx, req.user!, req.lang, req.query));
  route(app, rejectCommand, (req) => issue.reject(req.user!, req.lang, req.body.id, req.body.reason));
  route(app, operationLogList, (req) => q.log(req.user!, req.lang, req.query));
  route(app, versionList, (req) => q.versions(req.user!, req.lang, req.query));
  route(app, restoreVersion, (req) => issue.restore(req.user!, req.lang, req.body.id, req.body));
}
