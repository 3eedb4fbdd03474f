/** Notices (blade-desk): sanitised content, release and read state. */
import { defineModule } from '../../kernel/types.js';
import { noticeRoutes } from './notice.routes.js';

export default defineModule({
  name: 'notice',
  routes: (app, ctx) => noticeRoutes(app, ctx),
});
