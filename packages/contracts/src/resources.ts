/** Every resource definition, for the engines and the parameterised tests that walk them all. */
import type { ResourceDef } from './crud/resource.js';
import { attachResource } from './modules/attach/attach.resource.js';
import { clientResource } from './modules/client/client.resource.js';
import { codeResource } from './modules/code/code.resource.js';
import { datasourceResource } from './modules/datasource/datasource.resource.js';
import { deptResource } from './modules/dept/dept.resource.js';
import { dictBizResource, dictResource } from './modules/dict/dict.resource.js';
import {
  batteryFactoryResource,
  chargerFactoryResource,
  guardianFactoryResource,
  inverterFactoryResource,
} from './modules/factory/factory.resource.js';
import { logApiResource, logErrorResource, logUsualResource } from './modules/log/log.resource.js';
import { menuResource, topMenuResource } from './modules/menu/menu.resource.js';
import { modelResource } from './modules/model/model.resource.js';
import { noticeResource } from './modules/notice/notice.resource.js';
import { ossResource } from './modules/oss/oss.resource.js';
import { paramResource } from './modules/param/param.resource.js';
import { postResource } from './modules/post/post.resource.js';
import { reportResource } from './modules/report/report.resource.js';
import { roleResource } from './modules/role/role.resource.js';
import { apiScopeResource, dataScopeResource } from './modules/scope/scope.resource.js';
import { smsOutboxResource, smsResource } from './modules/sms/sms.resource.js';
import { tenantPackageResource, tenantResource } from './modules/tenant/tenant.resource.js';

export const RESOURCES: readonly ResourceDef[] = [
  // System administration (issue 4)
  paramResource,
  postResource,
  deptResource,
  dictResource,
  dictBizResource,
  menuResource,
  topMenuResource,
  roleResource,
  tenantResource,
  tenantPackageResource,
  clientResource,
  dataScopeResource,
  apiScopeResource,
  // Files, SMS, notices, logs, developer tools, reports (issue 5)
  ossResource,
  attachResource,
  smsResource,
  smsOutboxResource,
  noticeResource,
  logApiResource,
  logUsualResource,
  logErrorResource,
  datasourceResource,
  modelResource,
  codeResource,
  reportResource,
  // Factory (exit-factory) information (issue 6)
  inverterFactoryResource,
  batteryFactoryResource,
  guardianFactoryResource,
  chargerFactoryResource,
];
