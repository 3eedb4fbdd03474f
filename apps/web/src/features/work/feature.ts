/**
 * The workflow inbox (issue 16, spec §1/§2/§7 "work"): the processes the user may start, the claim, todo, sent and
 * done lists (one inbox for every kind of work: BPMN tasks now, installer orders later), and the leave process's
 * form, handle and detail pages. The flow chart is the shared dialog of components/flow-chart.
 */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'work_start', page: page(() => import('./start-page'), 'StartPage') },
    { code: 'work_claim', page: page(() => import('./inbox-pages'), 'ClaimPage') },
    { code: 'work_todo', page: page(() => import('./inbox-pages'), 'TodoPage') },
    { code: 'work_send', page: page(() => import('./inbox-pages'), 'SendPage') },
    { code: 'work_done', page: page(() => import('./inbox-pages'), 'DonePage') },
    // Not menu pages: reached from the start list and the inbox; the server decides what the user may see and do.
    {
      path: '/work/process/leave/form/:processDefinitionId',
      always: true,
      titleKey: 'work.route.leaveForm',
      page: page(() => import('./leave-form-page'), 'LeaveFormPage'),
    },
    {
      path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
      always: true,
      titleKey: 'work.route.leaveHandle',
      page: page(() => import('./leave-handle-page'), 'LeaveHandlePage'),
    },
    {
      path: '/work/process/leave/detail/:processInstanceId/:businessId',
      always: true,
      titleKey: 'work.route.leaveDetail',
      page: page(() => import('./leave-detail-page'), 'LeaveDetailPage'),
    },
  ],
});
