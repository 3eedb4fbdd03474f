/** Dictionaries (system and business): the tree, per-code lookups and the cached dictionary reads. */
import { defineModule } from '../../kernel/types.js';
import { dictRoutes } from './dict.routes.js';

export default defineModule({
  name: 'dict',
  // The system module registers the dictionary resources on the CRUD engine; this one adds their bespoke reads.
  dependsOn: ['system'],
  routes: (app, ctx) => dictRoutes(app, ctx, { dict: ctx.crud.get('dict')!, dictBiz: ctx.crud.get('dict-biz')! }),
});
