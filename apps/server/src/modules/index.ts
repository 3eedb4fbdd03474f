/** Every domain module's routes, registered in one place. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app.js';
import { authRoutes } from './auth/auth.routes.js';
import { developRoutes } from './develop/develop.routes.js';
import { dictRoutes } from './dict/dict.routes.js';
import { factoryRoutes } from './factory/factory.routes.js';
import { logRoutes } from './log/log.routes.js';
import { menuRoutes } from './menu/menu.routes.js';
import { noticeRoutes } from './notice/notice.routes.js';
import { reportRoutes } from './report/report.routes.js';
import { resourceRoutes } from './resource/resource.routes.js';
import { smsRoutes } from './sms/sms.routes.js';
import { stationRoutes } from './station/station.routes.js';
import { systemCrudRoutes } from './system/system-crud.routes.js';
import { roleRoutes } from './role/role.routes.js';
import { regionRoutes } from './region/region.routes.js';
import { tenantRoutes } from './tenant/tenant.routes.js';
import { userRoutes } from './user/user.routes.js';
import { userAdminRoutes } from './user/user-admin.routes.js';

export async function registerModules(app: FastifyInstance, s: Services): Promise<void> {
  await authRoutes(app, s);
  await menuRoutes(app, s);
  await userRoutes(app, s);
  await userAdminRoutes(app, s);
  await tenantRoutes(app, s);
  await logRoutes(app, s);
  const handles = await systemCrudRoutes(app, s);
  await dictRoutes(app, s, handles);
  await roleRoutes(app, s);
  await regionRoutes(app, s);
  await resourceRoutes(app, s);
  await smsRoutes(app, s);
  await noticeRoutes(app, s);
  await developRoutes(app, s);
  await reportRoutes(app, s);
  await stationRoutes(app, s);
  await factoryRoutes(app, s);
}
