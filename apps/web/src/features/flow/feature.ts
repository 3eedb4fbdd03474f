/**
 * The workflow engine's administration (issue 16, spec §1, §7 blade-flow): process models and their designer
 * (bpmn-js, loaded only on the designer's route), deployments and definitions (upload, suspend/activate, delete),
 * and process instances (follow: delete with a reason, the flow chart).
 */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'flow_model', page: page(() => import('./model-page'), 'ModelPage') },
    { path: '/flow/model/design', titleKey: 'flow.designer.title', page: page(() => import('./designer/designer-page'), 'DesignerPage') },
    { code: 'flow_manager', page: page(() => import('./manager-page'), 'ManagerPage') },
    { code: 'flow_follow', page: page(() => import('./follow-page'), 'FollowPage') },
  ],
});
